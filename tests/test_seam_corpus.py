"""Every seam answer of the corpus is byte for byte the recorded one (tools/seam_corpus.py).

A change that is meant to change answers records them again: ``python3 tools/seam_corpus.py --write``, and says so in
its commit; ``--dump`` writes the whole answers to compare two trees.
"""

from __future__ import annotations

from tools import seam_corpus


def test_every_seam_answer_is_the_recorded_one() -> None:
    problems = seam_corpus.check()
    assert not problems, "\n".join(problems[:10]) + f"\n{len(problems)} difference(s): see tools/seam_corpus.py"
