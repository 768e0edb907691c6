"""The research lab: offline levels and benches that measured the expert (README.md). Never in the product's wheel:
the page imports none of it, and ``giretra_core`` never imports ``tools.lab``."""
