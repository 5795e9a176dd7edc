//! The counter's storage: packed states as `u64` or `u128` keys, pattern
//! counts as `u64` or `u128`, an open-addressing hash table from one to the
//! other, and the sharding and threads that let every core expand and merge
//! its own part of the states without locks.

/// A packed state: u64 when it fits, [`Wide`] (128 bits) otherwise. Packed states never set
/// the top bit, so the all-ones key can mark an empty table slot.
pub(super) trait Key: Copy + Eq + Send + Sync {
    const ZERO: Self;
    const EMPTY: Self;
    /// The `bits`-wide field at `shift`.
    fn field(self, shift: u32, bits: u32) -> u32;
    /// Sets bits of an all-zero field at `shift`.
    fn with_field(self, value: u32, shift: u32) -> Self;
    fn hash(self) -> u64;
    /// Bytes of the key in a file of states (little-endian).
    const BYTES: usize;
    fn put(self, out: &mut Vec<u8>);
    fn take(bytes: &[u8]) -> Self;
}

/// A strong 64-bit mix: packed states are dense bit fields that differ in a
/// few low bits, and both the slot and the shard come from this hash.
pub(super) fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

impl Key for u64 {
    const ZERO: Self = 0;
    const EMPTY: Self = u64::MAX;
    fn field(self, shift: u32, bits: u32) -> u32 {
        (self >> shift & ((1 << bits) - 1)) as u32
    }
    fn with_field(self, value: u32, shift: u32) -> Self {
        self | (value as u64) << shift
    }
    fn hash(self) -> u64 {
        mix(self)
    }
    const BYTES: usize = 8;
    fn put(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn take(bytes: &[u8]) -> Self {
        u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes"))
    }
}

/// A 128-bit packed state as two 64-bit halves: aligned to 8 bytes, so
/// that a table slot of a state and a u64 count takes 24 bytes, where a
/// `u128` (aligned to 16) would take 32 with its padding.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Wide {
    lo: u64,
    hi: u64,
}

impl Wide {
    fn get(self) -> u128 {
        (self.hi as u128) << 64 | self.lo as u128
    }

    fn of(v: u128) -> Wide {
        Wide {
            lo: v as u64,
            hi: (v >> 64) as u64,
        }
    }
}

impl Key for Wide {
    const ZERO: Self = Wide { lo: 0, hi: 0 };
    const EMPTY: Self = Wide {
        lo: u64::MAX,
        hi: u64::MAX,
    };
    fn field(self, shift: u32, bits: u32) -> u32 {
        (self.get() >> shift & ((1 << bits) - 1)) as u32
    }
    fn with_field(self, value: u32, shift: u32) -> Self {
        Wide::of(self.get() | (value as u128) << shift)
    }
    fn hash(self) -> u64 {
        mix(self.lo ^ mix(self.hi))
    }
    const BYTES: usize = 16;
    fn put(self, out: &mut Vec<u8>) {
        Key::put(self.lo, out);
        Key::put(self.hi, out);
    }
    fn take(bytes: &[u8]) -> Self {
        Wide {
            lo: <u64 as Key>::take(bytes),
            hi: <u64 as Key>::take(&bytes[8..]),
        }
    }
}

/// Patterns per state. Counting in u64 while the numbers fit halves the
/// memory the tables move; on overflow the count is redone in u128.
pub(super) trait Count: Copy + Send + Sync {
    const ZERO: Self;
    const ONE: Self;
    fn checked_add(self, other: Self) -> Option<Self>;
    fn wide(self) -> u128;
    /// Bytes of the count in a file of states (little-endian).
    const BYTES: usize;
    fn put(self, out: &mut Vec<u8>);
    fn take(bytes: &[u8]) -> Self;
}

impl Count for u64 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    fn checked_add(self, other: Self) -> Option<Self> {
        u64::checked_add(self, other)
    }
    fn wide(self) -> u128 {
        self as u128
    }
    const BYTES: usize = 8;
    fn put(self, out: &mut Vec<u8>) {
        Key::put(self, out);
    }
    fn take(bytes: &[u8]) -> Self {
        <u64 as Key>::take(bytes)
    }
}

impl Count for u128 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    fn checked_add(self, other: Self) -> Option<Self> {
        u128::checked_add(self, other)
    }
    fn wide(self) -> u128 {
        self
    }
    const BYTES: usize = 16;
    fn put(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn take(bytes: &[u8]) -> Self {
        u128::from_le_bytes(bytes[..16].try_into().expect("16 bytes"))
    }
}

/// Insertions are made in batches of this many: every slot of a batch is read
/// before any is written, so their cache misses overlap instead of queueing.
pub(super) const BATCH: usize = 32;
pub(super) const MIN_SLOTS: usize = 1 << 10;

/// Open-addressing hash table (linear probing) from packed state to count.
pub(super) struct Table<K, C> {
    pub(super) slots: Vec<(K, C)>,
    pub(super) len: usize,
}

/// The table grows before more than this share of its slots is full
/// (numerator over [`FULL_OF`]): a fuller table probes a little longer
/// (mostly within the cache line already read), an emptier one needs up to
/// twice the memory, which is what bounds the largest counts.
const FULL: usize = 3;
const FULL_OF: usize = 4;

impl<K: Key, C: Count> Table<K, C> {
    pub(super) fn new() -> Self {
        Table {
            slots: vec![(K::EMPTY, C::ZERO); MIN_SLOTS],
            len: 0,
        }
    }

    /// An empty table that takes `states` without growing.
    pub(super) fn for_states(states: usize) -> Self {
        let mut table = Table::new();
        table.grow(states);
        table
    }

    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Empties the table but keeps its memory, which saves page faults.
    pub(super) fn clear(&mut self) {
        self.slots.fill((K::EMPTY, C::ZERO));
        self.len = 0;
    }

    pub(super) fn entries(&self) -> impl Iterator<Item = (K, C)> + '_ {
        self.slots
            .iter()
            .copied()
            .filter(|&(key, _)| key != K::EMPTY)
    }

    pub(super) fn home(&self, key: K) -> usize {
        key.hash() as usize & (self.slots.len() - 1)
    }

    /// Adds each count to its state; None on overflow.
    pub(super) fn add_batch(&mut self, batch: &[(K, C)]) -> Option<()> {
        if FULL_OF * (self.len + batch.len()) > FULL * self.slots.len() {
            self.grow(self.len + batch.len());
        }
        for &(key, _) in batch {
            std::hint::black_box(self.slots[self.home(key)].0);
        }
        batch.iter().try_for_each(|&(key, n)| self.add(key, n))
    }

    pub(super) fn add(&mut self, key: K, n: C) -> Option<()> {
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let slot = &mut self.slots[i];
            if slot.0 == key {
                slot.1 = slot.1.checked_add(n)?;
                return Some(());
            }
            if slot.0 == K::EMPTY {
                *slot = (key, n);
                self.len += 1;
                return Some(());
            }
            i = (i + 1) & mask;
        }
    }

    /// Rehashes into the smallest power of two of slots that holds
    /// `needed` within the fill limit.
    pub(super) fn grow(&mut self, needed: usize) {
        let size = (FULL_OF * needed)
            .div_ceil(FULL)
            .next_power_of_two()
            .max(MIN_SLOTS);
        let old = std::mem::replace(&mut self.slots, vec![(K::EMPTY, C::ZERO); size]);
        self.len = 0;
        for (key, n) in old.into_iter().filter(|&(key, _)| key != K::EMPTY) {
            // Keys are distinct, so nothing is added up and nothing overflows.
            let _ = self.add(key, n);
        }
    }
}

/// One table per worker, the first holding the empty frontier once.
pub(super) fn start_states<K: Key, C: Count>(workers: usize) -> Vec<Table<K, C>> {
    let mut states: Vec<Table<K, C>> = (0..workers).map(|_| Table::new()).collect();
    // One pattern so far: nothing to overflow.
    let _ = states[0].add(K::ZERO, C::ONE);
    states
}

/// Successors one shard found for each shard, indexed by the receiving shard.
pub(super) type Outbox<K, C> = Vec<Vec<(K, C)>>;

/// The shard a state belongs to: from the hash bits that slot numbers do not use.
pub(super) fn shard_of<K: Key>(key: K, shards: usize) -> usize {
    if shards == 1 {
        return 0;
    }
    (key.hash() >> 56) as usize % shards
}

/// Adds the pairs to `table` a batch at a time; None on overflow.
pub(super) fn add_all<K: Key, C: Count>(table: &mut Table<K, C>, pairs: &[(K, C)]) -> Option<()> {
    pairs
        .chunks(BATCH)
        .try_for_each(|batch| table.add_batch(batch))
}

/// Runs the tasks, on one thread each when `parallel`, and returns their results in order.
pub(super) fn run_all<R, F>(parallel: bool, tasks: impl Iterator<Item = F>) -> Vec<R>
where
    R: Send,
    F: FnOnce() -> R + Send,
{
    if !parallel {
        return tasks.map(|task| task()).collect();
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = tasks.map(|task| scope.spawn(task)).collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    })
}

pub(super) fn worker_count() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(16)
}
