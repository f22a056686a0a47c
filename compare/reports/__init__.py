"""What a stored run says: per-backend statistics, charts, pictures of steps, report.md/html,
diff between runs, export, the notebook DataFrame, and technique studies (ladder, usage, ablation).

Reads the store and plans study runs through ``sudokit.compare.run``; never imports the workshop or
the commands.
"""
