"""Fuzzing harnesses for riichi: one per log reader and per core entry point.

Every harness takes the bytes of one input and checks the project's contract on it: only
``riichi.RiichiError`` subclasses may escape (a bare ``ValueError`` does not count), nothing
hangs, memory stays bounded, and the engine's invariants hold (every tile somewhere exactly
once, points conserved, a refused action leaves the round unchanged). ``python -m fuzz.run``
drives them; see ``fuzz/README.md``.
"""
