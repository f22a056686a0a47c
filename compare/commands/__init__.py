"""The CLI's commands, one module per theme; each registers on ``compare.app.app``."""
