//! Seeded pseudo-random hands for the core's unit tests: xorshift64, so a seed gives the
//! same hands on every machine.

/// The xorshift64 generator (shifts 13, 7, 17) from the state it holds.
pub(crate) struct Xorshift(pub(crate) u64);

impl Xorshift {
    /// The next state, which is also the value drawn.
    pub(crate) fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// Concealed counts of `n` tiles drawn among the first `span` kinds, at most 4 of a
    /// kind (a draw that would make a fifth is drawn again).
    pub(crate) fn counts(&mut self, n: usize, span: u64) -> [u8; 34] {
        let mut c = [0u8; 34];
        let mut got = 0;
        while got < n {
            let k = (self.next() % span) as usize;
            if c[k] < 4 {
                c[k] += 1;
                got += 1;
            }
        }
        c
    }
}
