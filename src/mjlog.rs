//! The tokenizer of Tenhou mjlog XML in Tenhou's canonical shape: one `<mjloggm ...>` root of
//! self-closing tags, no comments, entities, CDATA or text (`riichi.logs.tenhou_xml` reads
//! anything else with a real XML parser). Draws and discards, most of a log, come out as small
//! codes in runs; every other tag as its name and attribute pairs, for the Python reader.
//!
//! The shape accepted is exactly that of the Python scanner it replaces: the bytes split at
//! `<`; before the first `<` only whitespace; an optional `<?xml ...?>` declaration; a root
//! chunk `mjloggm(\s+NAME="[^"<&]*")*\s*>\s*`; tags `NAME(\s+NAME="[^"<&]*")*\s*/>\s*` (tag
//! names `[A-Za-z][A-Za-z0-9]*`, attribute names `[A-Za-z_][A-Za-z0-9_.-]*`); the end chunk
//! `/mjloggm>\s*`. Whitespace is `\s` of Python's bytes patterns (space, `\t\n\v\f\r`).

/// Code of a draw: `seat * 136 + tile id` (0..544).
pub const DRAW_CODES: u16 = 4 * 136;
/// Codes in all: draws, then discards at `DRAW_CODES + 2 * (seat * 136 + id) + tsumogiri`.
pub const CODES: u16 = DRAW_CODES * 3;

/// One piece of a canonical mjlog.
#[derive(Debug, PartialEq, Eq)]
pub enum Item<'a> {
    /// Consecutive draws and discards (`<T12/>`, `<d117/>`...), as codes (see [`CODES`]). A
    /// discard is tsumogiri when it is the tile its seat last drew, with no call (`<N>`) or
    /// round start (`<INIT>`) in between.
    Run(Vec<u16>),
    /// Any other tag: its index among the root's children, name and attributes (in order,
    /// as written; values as they are, the shape has no entities).
    Element {
        /// Position among the root's children (draws and discards counted).
        index: usize,
        /// The tag name.
        name: &'a str,
        /// `(name, value)` pairs in document order.
        attrs: Vec<(&'a str, &'a str)>,
    },
}

/// XML's whitespace (vertical tab and form feed are not: they are not even allowed).
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

fn skip_space(s: &[u8], mut i: usize) -> usize {
    while i < s.len() && is_space(s[i]) {
        i += 1;
    }
    i
}

fn all_space(s: &[u8]) -> bool {
    s.iter().all(|&b| is_space(b))
}

/// Reads `(\s+NAME="[^"<&]*")*\s*` from `i`: pushes each pair's name and value byte ranges to
/// `out` and returns the position after them (where anything else starts).
fn attributes(s: &[u8], mut i: usize, out: &mut Vec<(usize, usize, usize, usize)>) -> usize {
    loop {
        let j = skip_space(s, i);
        if j == i || j >= s.len() || !(s[j].is_ascii_alphabetic() || s[j] == b'_') {
            return j;
        }
        let name_start = j;
        let mut k = j + 1;
        while k < s.len() && (s[k].is_ascii_alphanumeric() || matches!(s[k], b'_' | b'.' | b'-')) {
            k += 1;
        }
        let name_end = k;
        if s.get(k) != Some(&b'=') || s.get(k + 1) != Some(&b'"') {
            return j; // not an attribute: the caller fails on what follows
        }
        let value_start = k + 2;
        let mut v = value_start;
        while v < s.len() && s[v] != b'"' {
            // an entity, or a control byte: XML forbids most and normalises tab, newline and
            // carriage return in values to spaces; the XML reader takes those files
            if s[v] == b'&' || s[v] < 0x20 {
                return j;
            }
            v += 1;
        }
        if v >= s.len() {
            return j;
        }
        out.push((name_start, name_end, value_start, v));
        i = v + 1;
    }
}

/// The seat and tile id of a draw or discard tag name, `[TUVWDEFG]` and a canonical decimal
/// id: (is discard, seat, id). `Err(())` for a draw or discard name the fast path does not
/// take (a leading zero, an id over 135); `Ok(None)` for any other name.
fn draw_or_discard(name: &[u8]) -> Result<Option<(bool, usize, u16)>, ()> {
    let (discard, seat) = match name.first() {
        Some(b'T') => (false, 0),
        Some(b'U') => (false, 1),
        Some(b'V') => (false, 2),
        Some(b'W') => (false, 3),
        Some(b'D') => (true, 0),
        Some(b'E') => (true, 1),
        Some(b'F') => (true, 2),
        Some(b'G') => (true, 3),
        _ => return Ok(None), // an empty name (`</>`) included
    };
    let digits = &name[1..];
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Ok(None);
    }
    if digits.len() > 3 || (digits.len() > 1 && digits[0] == b'0') {
        return Err(());
    }
    let id = digits
        .iter()
        .fold(0u16, |n, d| n * 10 + u16::from(d - b'0'));
    if id > 135 {
        return Err(());
    }
    Ok(Some((discard, seat, id)))
}

/// The seat of a `who` value written as plain decimal digits 0..3.
fn plain_seat(v: &str) -> Option<usize> {
    match v.as_bytes() {
        [d @ b'0'..=b'3'] => Some(usize::from(d - b'0')),
        _ => None,
    }
}

enum Chunk {
    /// A draw or discard: (is discard, seat, tile id).
    Draw(bool, usize, u16),
    /// Any other tag: the length of its name (its attributes are in `pairs`).
    Tag(usize),
}

/// Whether two of the attribute names in `pairs` (byte ranges of `s`) are the same.
fn has_duplicate(s: &[u8], pairs: &[(usize, usize, usize, usize)]) -> bool {
    pairs
        .iter()
        .enumerate()
        .any(|(n, &(a, b, _, _))| pairs[..n].iter().any(|&(c, d, _, _)| s[a..b] == s[c..d]))
}

/// Reads one tag chunk (the bytes after its `<`), its attributes into `pairs`. None when it
/// is not a canonical self-closing tag, or is a draw or discard left to the XML reader.
fn tag(chunk: &[u8], pairs: &mut Vec<(usize, usize, usize, usize)>) -> Option<Chunk> {
    // most chunks are a bare draw or discard (`T12/>`): no attribute parsing for them
    if let [name @ .., b'/', b'>'] = chunk {
        if let Ok(Some((discard, seat, id))) = draw_or_discard(name) {
            return Some(Chunk::Draw(discard, seat, id));
        }
    }
    let name_len = chunk
        .iter()
        .position(|b| !b.is_ascii_alphanumeric())
        .unwrap_or(chunk.len());
    if name_len == 0 || !chunk[0].is_ascii_alphabetic() {
        return None;
    }
    pairs.clear();
    let i = attributes(chunk, name_len, pairs);
    if chunk.get(i) != Some(&b'/') || chunk.get(i + 1) != Some(&b'>') {
        return None;
    }
    if has_duplicate(chunk, pairs) {
        return None; // not well-formed XML: the XML reader reports it
    }
    if !all_space(&chunk[i + 2..]) {
        return None;
    }
    match draw_or_discard(&chunk[..name_len]) {
        Err(()) => None,
        Ok(Some(_)) if !pairs.is_empty() => None,
        Ok(Some((discard, seat, id))) => Some(Chunk::Draw(discard, seat, id)),
        Ok(None) => Some(Chunk::Tag(name_len)),
    }
}

/// Tokenizes a canonical mjlog (see the module doc). None when `data` is not in that shape,
/// or has something the fast path leaves to the XML reader: a draw or discard tag with
/// attributes, a leading zero or an id over 135; a `<N>` whose `who` is not one digit 0..3;
/// attributes that are not UTF-8.
pub fn scan(data: &[u8]) -> Option<Vec<Item<'_>>> {
    let mut parts = data.split(|&b| b == b'<');
    let lead = parts.next()?;
    if !all_space(lead) {
        return None;
    }
    let mut chunk = parts.next()?;
    if chunk.starts_with(b"?xml") {
        // a declaration must open the document and name the version
        if !lead.is_empty() || !chunk.starts_with(b"?xml version=") {
            return None;
        }
        let end = chunk.iter().rposition(|&b| !is_space(b))?;
        if !chunk[..=end].ends_with(b"?>") {
            return None;
        }
        chunk = parts.next()?;
    }
    // the root
    let root = chunk.strip_prefix(b"mjloggm")?;
    let mut pairs = Vec::new();
    let i = attributes(root, 0, &mut pairs);
    if root.get(i) != Some(&b'>') || !all_space(&root[i + 1..]) || has_duplicate(root, &pairs) {
        return None;
    }
    let mut rest: Vec<&[u8]> = parts.collect();
    let last = rest.pop()?;
    if !last.starts_with(b"/mjloggm>") || !all_space(&last[9..]) {
        return None;
    }
    let mut items = Vec::with_capacity(rest.len() / 8);
    let mut run: Vec<u16> = Vec::new();
    let mut last_draw: [Option<u16>; 4] = [None; 4];
    for (index, chunk) in rest.into_iter().enumerate() {
        let name_len = match tag(chunk, &mut pairs)? {
            Chunk::Draw(false, seat, id) => {
                last_draw[seat] = Some(id);
                run.push(seat as u16 * 136 + id);
                continue;
            }
            Chunk::Draw(true, seat, id) => {
                let tsumogiri = last_draw[seat] == Some(id);
                last_draw[seat] = None;
                run.push(DRAW_CODES + 2 * (seat as u16 * 136 + id) + u16::from(tsumogiri));
                continue;
            }
            Chunk::Tag(name_len) => name_len,
        };
        let name = &chunk[..name_len];
        if !run.is_empty() {
            items.push(Item::Run(std::mem::take(&mut run)));
        }
        let name = std::str::from_utf8(name).ok()?; // ASCII by construction
        let mut attrs = Vec::with_capacity(pairs.len());
        // between the pairs only ASCII: the values are all that may not be UTF-8
        for &(a, b, c, d) in &pairs {
            let key = std::str::from_utf8(&chunk[a..b]).ok()?;
            let value = std::str::from_utf8(&chunk[c..d]).ok()?;
            attrs.push((key, value));
        }
        match name {
            "INIT" => last_draw = [None; 4],
            "N" => {
                // the last `who` wins, as in a dict built from the pairs
                let who = attrs
                    .iter()
                    .rev()
                    .find(|(k, _)| *k == "who")
                    .map(|(_, v)| *v);
                if let Some(seat) = who.and_then(plain_seat) {
                    last_draw[seat] = None;
                } else if who.is_some() {
                    return None;
                }
                // no `who`: the reader rejects the tag
            }
            _ => {}
        }
        items.push(Item::Element { index, name, attrs });
    }
    if !run.is_empty() {
        items.push(Item::Run(run));
    }
    Some(items)
}

/// The integers of a comma-separated list written plainly (`-?[0-9]{1,18}` each, nothing
/// else: no spaces, signs other than `-`, underscores or empty items). None otherwise; the
/// Python reader then parses it itself (and reports what is wrong).
pub fn plain_ints(text: &str) -> Option<Vec<i64>> {
    let mut out = Vec::with_capacity(text.len() / 2 + 1);
    for part in text.as_bytes().split(|&b| b == b',') {
        let (negative, digits) = match part {
            [b'-', rest @ ..] => (true, rest),
            _ => (false, part),
        };
        if digits.is_empty() || digits.len() > 18 || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let n = digits
            .iter()
            .fold(0i64, |n, d| n * 10 + i64::from(d - b'0'));
        out.push(if negative { -n } else { n });
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(items: &[Item<'_>]) -> Vec<String> {
        items
            .iter()
            .map(|it| match it {
                Item::Run(codes) => format!("{codes:?}"),
                Item::Element { index, name, attrs } => format!("{index}:{name}{attrs:?}"),
            })
            .collect()
    }

    #[test]
    fn canonical_log() {
        let log =
            b"<mjloggm ver=\"2.3\"><GO type=\"169\" lobby=\"0\"/><INIT seed=\"0\" oya=\"0\"/>\
<T12/><D12/><U5/><E6/><N who=\"1\" m=\"1\"/><F7/><V7/><F7/></mjloggm>";
        let items = scan(log).unwrap();
        assert_eq!(
            names(&items),
            [
                "0:GO[(\"type\", \"169\"), (\"lobby\", \"0\")]",
                "1:INIT[(\"seed\", \"0\"), (\"oya\", \"0\")]",
                // T12, D12 tsumogiri, U5, E6 not
                "[12, 569, 141, 828]",
                "6:N[(\"who\", \"1\"), (\"m\", \"1\")]",
                // F7 (no draw), V7, F7 tsumogiri
                "[1102, 279, 1103]",
            ]
        );
    }

    #[test]
    fn calls_and_rounds_clear_the_last_draw() {
        let log = b"<mjloggm><INIT/><T12/><N who=\"0\"/><D12/><U5/><INIT/><E5/></mjloggm>";
        let items = scan(log).unwrap();
        assert_eq!(names(&items)[3], "[568, 141]"); // D12 after a call: not tsumogiri
        assert_eq!(
            names(&items)[5],
            format!("[{}]", DRAW_CODES + 2 * (136 + 5))
        );
    }

    #[test]
    fn declaration_and_whitespace() {
        let log = b"<?xml version=\"1.0\" ?>\n<mjloggm ver=\"2.3\" >\n<T1/>\n<GO  type=\"1\" />\n</mjloggm>\n";
        let items = scan(log).unwrap();
        assert_eq!(names(&items), ["[1]", "1:GO[(\"type\", \"1\")]"]);
        assert_eq!(scan(b"<mjloggm></mjloggm>").unwrap(), []);
        assert_eq!(scan(b" \n<mjloggm></mjloggm>").unwrap(), []);
    }

    #[test]
    fn what_xml_forbids_or_rewrites_goes_to_the_xml_reader() {
        let ok = b"<mjloggm><GO type=\"1\" lobby=\"0\"/></mjloggm>";
        assert!(scan(ok).is_some());
        for bad in [
            &b"<mjloggm><GO type=\"1\" type=\"0\"/></mjloggm>"[..], // a repeated attribute
            b"<mjloggm ver=\"1\" ver=\"2\"><GO/></mjloggm>",
            b"<mjloggm><UN n0=\"a\tb\"/></mjloggm>", // tab in a value: XML makes it a space
            b"<mjloggm><UN n0=\"a\x00b\"/></mjloggm>", // a control byte
            b"<mjloggm>\x0b<GO type=\"1\"/></mjloggm>", // vertical tab is not whitespace
            b"<mjloggm><GO type=\"1\"/>\x0c</mjloggm>",
            b" <?xml version=\"1.0\"?><mjloggm></mjloggm>", // declaration not at the start
            b"<?xml garbage?><mjloggm></mjloggm>",
        ] {
            assert!(scan(bad).is_none(), "{}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn other_shapes_are_left_to_the_xml_reader() {
        for bad in [
            &b"<mjloggm><!-- c --><T1/></mjloggm>"[..],
            b"x<mjloggm></mjloggm>",
            b"<mjloggm><T1></mjloggm>",
            b"<mjloggm><GO type=\"a&amp;\"/></mjloggm>",
            b"<mjloggm><GO type='1'/></mjloggm>",
            b"<mjloggm><GOtype=\"1\"/></mjloggm>",
            b"<mjloggm><T1 a=\"1\"/></mjloggm>",
            b"<mjloggm><T01/></mjloggm>",
            b"<mjloggm><T136/></mjloggm>",
            b"<mjloggm><N who=\"01\"/></mjloggm>",
            b"<mjloggm><UN n0=\"\xff\"/></mjloggm>",
            b"<mjloggm><T1/>",
            b"<mjloggm></></mjloggm>",
            b"<mjloggm><></mjloggm>",
            b"<mjloggm><T1/></T1></mjloggm>",
            b"<mjloggm/>",
            b"<other></other>",
            b"<?xml version=\"1.0\"<mjloggm></mjloggm>",
            b"",
        ] {
            assert_eq!(scan(bad), None, "{}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn plain_integer_lists() {
        assert_eq!(plain_ints("1,-26,0,007"), Some(vec![1, -26, 0, 7]));
        assert_eq!(
            plain_ints("999999999999999999"),
            Some(vec![999_999_999_999_999_999])
        );
        for other in [
            "",
            "1,",
            ",1",
            "1,,2",
            " 1",
            "+1",
            "1_0",
            "-",
            "1.5",
            "1234567890123456789",
        ] {
            assert_eq!(plain_ints(other), None, "{other:?}");
        }
    }

    #[test]
    fn other_names_are_elements() {
        let items = scan(b"<mjloggm><T/><X12/><t1/><T1x/></mjloggm>").unwrap();
        assert_eq!(names(&items), ["0:T[]", "1:X12[]", "2:t1[]", "3:T1x[]"]);
    }
}
