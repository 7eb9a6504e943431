# Rules(double_wind_pair_fu=N) for N in 256..10**9 raises OverflowError, not RiichiError: the
# Python check allows "an int in 0..1000000000", the Rust ScoringRules field is a u8.
# Found by the `rules` harness. A correct riichi raises RiichiError naming the field.
import riichi

for n in (4, 255, 256, 12000, 10**9):
    try:
        riichi.Rules(double_wind_pair_fu=n)
        print(n, "accepted")
    except riichi.RiichiError as e:
        print(n, "OK (clean):", e)
    except Exception as e:
        print(n, "BUG:", type(e).__name__, e)  # OverflowError: out of range integral type ...
