"""The CLI's commands, one module per theme; each registers on ``sudokit.compare.app.app``."""
