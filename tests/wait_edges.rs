//! Malformed counts given to the public wait functions: no waits, never a panic (the
//! documented contract of `waits` and `has_wait`). A 16-tile hand would complete five sets
//! and a pair with one more tile; a count sum above 4 per kind is no hand either.

use riichi::error::Error;
use riichi::notation::parse_counts;
use riichi::wait::{discard_wait_masks, has_wait, wait_mask, waits};
use riichi::Counts;

fn counts(text: &str) -> Counts {
    parse_counts(text).unwrap().0
}

#[test]
fn waits_need_three_n_plus_one_tiles_at_most_thirteen() {
    let none = [0u8; 34];
    // 16 tiles: 111m 222m 333m 444p 555s + 6z; a 17th 6z "completes" it
    let sixteen = counts("111222333m444p555s6z");
    assert!(waits(&sixteen, &none).is_empty());
    assert!(!has_wait(&sixteen, &none));
    // 12 and 14 tiles
    for text in ["123m456p789s111z", "123m456p789s111z22z"] {
        let c = counts(text);
        assert!(waits(&c, &none).is_empty(), "{text}");
        assert!(!has_wait(&c, &none), "{text}");
    }
    // the same hands made valid: 13 tiles wait on 6z
    let thirteen = counts("111222333m444p6z");
    assert_eq!(waits(&thirteen, &none).len(), 1);
    assert!(has_wait(&thirteen, &none));
    // more than 4 of a kind counting the melds
    let mut melds = [0u8; 34];
    melds[0] = 2;
    assert!(waits(&thirteen, &melds).is_empty());
    assert!(!has_wait(&thirteen, &melds));
    // one concealed 1m and four in melds: five copies, although one times four is not above 4
    let ten = counts("123m456p78p99p");
    assert!(!waits(&ten, &none).is_empty());
    melds[0] = 4;
    assert!(waits(&ten, &melds).is_empty());
    assert!(!has_wait(&ten, &melds));
}

#[test]
fn engine_masks_name_the_count_they_refuse() {
    let none = [0u8; 34];
    // 12 and 11 concealed tiles are no 3n+1 hand: the error names the count and the melds
    // such a hand would have beside it ((13 - n) / 3, rounded down)
    for (text, n, melds) in [
        ("123m456p789s111z", 12, 0),
        ("123m456p789s11z", 11, 0),
        ("123m456p789s", 9, 1),
    ] {
        match wait_mask(&counts(text), &none) {
            Err(Error::BadTileCount {
                concealed,
                melds: m,
                ..
            }) => assert_eq!((concealed, m), (n, melds), "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    for (text, n, melds) in [("123m456p789s111z", 12, 0), ("123m456p789s1z", 10, 1)] {
        match discard_wait_masks(&counts(text), &none) {
            Err(Error::BadTileCount {
                concealed,
                melds: m,
                ..
            }) => assert_eq!((concealed, m), (n, melds), "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
}
