"""Developer tools. A package only so that the research lab imports as ``tools.lab`` (``python -m tools.lab.arena``)."""
