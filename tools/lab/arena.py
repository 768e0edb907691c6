"""The arena with the lab's levels too: ``python -m tools.lab.arena sighted advanced --deals 150 --seed 3``.

Takes every argument of ``python -m giretra_core.arena``; the levels ``sighted…``, ``replay…`` and ``ismcts…``
(:mod:`.levels`) are registered first.
"""

from __future__ import annotations

from giretra_core import arena
from giretra_core.errors import exit_code

from . import levels


def main(argv: list[str] | None = None) -> int:
    levels.register()
    return arena.main(argv, prog="python -m tools.lab.arena")


if __name__ == "__main__":
    raise SystemExit(exit_code(main))
