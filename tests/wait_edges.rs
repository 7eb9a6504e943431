//! Malformed counts given to the public wait functions: no waits, never a panic (the
//! documented contract of `waits` and `has_wait`). A 16-tile hand would complete five sets
//! and a pair with one more tile; a count sum above 4 per kind is no hand either.

use riichi::notation::parse_counts;
use riichi::wait::{has_wait, waits};
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
