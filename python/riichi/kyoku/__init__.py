"""The round (kyoku) engine: one module per rule, each importing only from the layers before it.

::

    state                              the round's state as data (players, melds, claims, result)
    openriichi                         open riichi: whether offered, who pays a yakuman
    win, furiten, aborts, settlement,  one rule each, over the state: the one call into the
    views                              core's scoring; furiten; the abortive draws; point changes;
                                       what a seat sees
    calls, turn, emit                  what a seat may do on a discard or on its turn; events
    explain                            why an action is illegal (messages in mpsz text)
    logged                             apply a logged action (the log replay's public entry)
    round                              the state machine (:class:`riichi.kyoku.round.Round`)

Tile tables and predicates live in :mod:`riichi.tiles`. Each module names the ``Rules`` fields
it reads and its rule source; tests/test_kyoku.py checks the import direction and that each
round flow field of ``Rules`` is read by one module. :mod:`riichi.round` re-exports
:class:`Round`, :class:`RoundResult` and :class:`Win` where users import them from.
"""
