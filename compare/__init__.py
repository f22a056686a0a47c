"""The comparison harness, the results store, the reports and the ``sudokit`` CLI."""
