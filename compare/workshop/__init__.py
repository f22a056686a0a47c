"""Puzzles made to order: the generator, givens removed while uniqueness holds, targeting a
technique, grading with the human engine.

May import ``sudokit.compare.run`` (transforms, executors); never the reports or the commands.
"""
