# Rules(kuikae=np.array([1, 2])) (any of the 11 Literal fields: kazoe_yakuman, length, kuikae,
# multiple_ron, ...) raises a bare ValueError ("truth value of an array ... is ambiguous") from
# `value not in args` in rules._check_scalar, not RiichiError. Found by the `rules` harness.
# A correct riichi raises RiichiError naming the field and the value.
import numpy as np

import riichi

for name in ("kuikae", "length", "multiple_ron"):
    try:
        riichi.Rules(**{name: np.array([1, 2])})
        print(name, "accepted")
    except riichi.RiichiError as e:
        print(name, "OK (clean):", e)
    except Exception as e:
        print(name, "BUG:", type(e).__name__, e)
