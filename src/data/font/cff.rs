//! A bound on the work of CFF outlines. A CFF glyph is a small program
//! (a Type 2 charstring) that may call subroutines, which may call others,
//! ten deep: a hostile font of a few kilobytes can make one glyph run
//! billions of calls (each subroutine calling the next a thousand times),
//! and ttf-parser, which draws the glyph, has no bound on them. Before a
//! glyph is drawn, this walk runs its charstring as ttf-parser would,
//! following every call but drawing nothing, and counts the operators and
//! operands it meets; the glyphs of one text share the budget
//! [`crate::limits::CFF_CHARSTRING_OPS`].
//!
//! The walk reads the table as ttf-parser does (the Top DICT's CharStrings,
//! the Private DICT's Subrs, the Global Subrs, and for CID-keyed fonts the
//! FDArray and FDSelect). Where it cannot read the table, it counts
//! nothing: ttf-parser, reading the same bytes, draws nothing either.

use ttf_parser::Face;

/// How deep subroutine calls nest (ttf-parser's limit, from the spec).
const NESTING: u8 = 10;
/// Most operands on the argument stack (ttf-parser's limit for CFF1).
const STACK: usize = 48;

/// Why a glyph's charstring was not walked to its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Walk {
    /// The budget ran out.
    OverBudget,
}

/// One INDEX of a CFF table: where each item lies.
#[derive(Debug, Clone, Default)]
struct Index {
    items: Vec<(usize, usize)>,
}

impl Index {
    fn get<'a>(&self, data: &'a [u8], i: usize) -> Option<&'a [u8]> {
        let &(a, b) = self.items.get(i)?;
        data.get(a..b)
    }
    fn len(&self) -> usize {
        self.items.len()
    }
}

/// Reads the INDEX at `at`; returns it and the offset just past it.
fn read_index(data: &[u8], at: usize) -> Option<(Index, usize)> {
    let count = usize::from(u16::from_be_bytes([*data.get(at)?, *data.get(at + 1)?]));
    if count == 0 {
        return Some((Index::default(), at + 2));
    }
    let size = usize::from(*data.get(at + 2)?);
    if !(1..=4).contains(&size) {
        return None;
    }
    let offsets_at = at + 3;
    let offset = |k: usize| -> Option<usize> {
        let p = offsets_at + k * size;
        let bytes = data.get(p..p + size)?;
        Some(bytes.iter().fold(0usize, |v, b| (v << 8) | usize::from(*b)))
    };
    // Offsets are 1-based from the byte before the data.
    let base = offsets_at + (count + 1) * size - 1;
    let mut items = Vec::with_capacity(count.min(65_536));
    let mut previous = offset(0)?;
    for k in 1..=count {
        let next = offset(k)?;
        if next < previous || previous == 0 {
            return None;
        }
        items.push((base + previous, base + next));
        previous = next;
    }
    let end = base + previous;
    if end > data.len() {
        return None;
    }
    Some((Index { items }, end))
}

/// The operators of a DICT with their operands (numbers; reals read as 0,
/// which no offset is).
fn read_dict(data: &[u8]) -> Vec<(u16, Vec<i64>)> {
    let mut out = Vec::new();
    let mut operands = Vec::new();
    let mut i = 0;
    while i < data.len() {
        let b = data[i];
        match b {
            0..=21 => {
                let op = if b == 12 {
                    i += 1;
                    1200 + u16::from(*data.get(i).unwrap_or(&0))
                } else {
                    u16::from(b)
                };
                out.push((op, std::mem::take(&mut operands)));
                i += 1;
            }
            28 => {
                let v = i16::from_be_bytes([
                    *data.get(i + 1).unwrap_or(&0),
                    *data.get(i + 2).unwrap_or(&0),
                ]);
                operands.push(i64::from(v));
                i += 3;
            }
            29 => {
                let mut v = [0u8; 4];
                for (k, x) in v.iter_mut().enumerate() {
                    *x = *data.get(i + 1 + k).unwrap_or(&0);
                }
                operands.push(i64::from(i32::from_be_bytes(v)));
                i += 5;
            }
            30 => {
                // A real: nibbles up to one of 0xf.
                i += 1;
                while i < data.len() {
                    let n = data[i];
                    i += 1;
                    if n & 0x0f == 0x0f || n >> 4 == 0x0f {
                        break;
                    }
                }
                operands.push(0);
            }
            32..=246 => {
                operands.push(i64::from(b) - 139);
                i += 1;
            }
            247..=250 => {
                let w = *data.get(i + 1).unwrap_or(&0);
                operands.push((i64::from(b) - 247) * 256 + i64::from(w) + 108);
                i += 2;
            }
            251..=254 => {
                let w = *data.get(i + 1).unwrap_or(&0);
                operands.push(-(i64::from(b) - 251) * 256 - i64::from(w) - 108);
                i += 2;
            }
            _ => i += 1,
        }
        if operands.len() > STACK {
            break;
        }
    }
    out
}

fn dict_get(dict: &[(u16, Vec<i64>)], op: u16) -> Option<&[i64]> {
    dict.iter()
        .find(|(o, _)| *o == op)
        .map(|(_, v)| v.as_slice())
}

/// An offset operand, as a position in the table.
fn position(v: i64) -> Option<usize> {
    usize::try_from(v).ok()
}

/// The local subroutines a Private DICT (`size`, `offset`) names.
fn local_subrs(data: &[u8], private: &[i64]) -> Index {
    let [size, offset] = private else {
        return Index::default();
    };
    let (Some(size), Some(offset)) = (position(*size), position(*offset)) else {
        return Index::default();
    };
    let Some(dict) = data.get(offset..offset.saturating_add(size)) else {
        return Index::default();
    };
    let dict = read_dict(dict);
    dict_get(&dict, 19)
        .and_then(|v| v.first().copied())
        .and_then(position)
        .and_then(|subrs| read_index(data, offset.checked_add(subrs)?))
        .map(|(index, _)| index)
        .unwrap_or_default()
}

/// The subroutine numbering bias for an INDEX of `n` subroutines.
fn bias(n: usize) -> i64 {
    if n < 1240 {
        107
    } else if n < 33_900 {
        1131
    } else {
        32_768
    }
}

/// A font's CFF table, read enough to walk its charstrings.
pub struct Cff<'a> {
    data: &'a [u8],
    char_strings: Index,
    global: Index,
    /// Local subroutines: one set, or one per font DICT of a CID font.
    locals: Vec<Index>,
    /// For a CID font: the font DICT of each glyph (FDSelect).
    fd_select: Option<FdSelect>,
    charset: Charset,
}

enum FdSelect {
    Each(Vec<u8>),
    Ranges(Vec<(u16, u8)>, u16),
}

impl FdSelect {
    fn fd(&self, glyph: u16) -> Option<usize> {
        match self {
            FdSelect::Each(v) => v.get(usize::from(glyph)).map(|&f| usize::from(f)),
            FdSelect::Ranges(ranges, sentinel) => {
                if glyph >= *sentinel {
                    return None;
                }
                let k = ranges.partition_point(|(first, _)| *first <= glyph);
                k.checked_sub(1).map(|k| usize::from(ranges[k].1))
            }
        }
    }
}

fn read_fd_select(data: &[u8], at: usize, glyphs: usize) -> Option<FdSelect> {
    match *data.get(at)? {
        0 => Some(FdSelect::Each(data.get(at + 1..at + 1 + glyphs)?.to_vec())),
        3 => {
            let n = usize::from(u16::from_be_bytes([*data.get(at + 1)?, *data.get(at + 2)?]));
            let mut ranges = Vec::with_capacity(n.min(65_536));
            for k in 0..n {
                let p = at + 3 + k * 3;
                let first = u16::from_be_bytes([*data.get(p)?, *data.get(p + 1)?]);
                ranges.push((first, *data.get(p + 2)?));
            }
            let p = at + 3 + n * 3;
            let sentinel = u16::from_be_bytes([*data.get(p)?, *data.get(p + 1)?]);
            Some(FdSelect::Ranges(ranges, sentinel))
        }
        _ => None,
    }
}

impl<'a> Cff<'a> {
    /// The face's CFF table, or `None` when it has none (or one that cannot be read).
    pub fn new(face: &Face<'a>) -> Option<Cff<'a>> {
        let data = super::face_table(face, b"CFF ")?;
        let header = usize::from(*data.get(2)?);
        let (_names, at) = read_index(data, header)?;
        let (top, at) = read_index(data, at)?;
        let (_strings, at) = read_index(data, at)?;
        let (global, _) = read_index(data, at)?;
        let top = read_dict(top.get(data, 0)?);
        let char_strings_at = position(*dict_get(&top, 17)?.first()?)?;
        let (char_strings, _) = read_index(data, char_strings_at)?;
        let mut locals = Vec::new();
        let mut fd_select = None;
        let fd_array = dict_get(&top, 1236)
            .and_then(|v| v.first().copied())
            .and_then(position);
        let select = dict_get(&top, 1237)
            .and_then(|v| v.first().copied())
            .and_then(position);
        if let (Some(fd_array), Some(select)) = (fd_array, select) {
            let (fds, _) = read_index(data, fd_array)?;
            for k in 0..fds.len() {
                let dict = read_dict(fds.get(data, k)?);
                locals.push(local_subrs(data, dict_get(&dict, 18).unwrap_or(&[])));
            }
            fd_select = Some(read_fd_select(data, select, char_strings.len())?);
        } else {
            locals.push(local_subrs(data, dict_get(&top, 18).unwrap_or(&[])));
        }
        let charset_at = dict_get(&top, 15)
            .and_then(|v| v.first().copied())
            .and_then(position)
            .unwrap_or(0);
        let charset = read_charset(data, charset_at, char_strings.len());
        Some(Cff {
            data,
            char_strings,
            global,
            locals,
            fd_select,
            charset,
        })
    }

    /// Walks glyph `glyph`'s charstring, every call followed, taking one
    /// from `budget` for each operator and operand met.
    pub fn walk(&self, glyph: u16, budget: &mut u64) -> Result<(), Walk> {
        let local = match &self.fd_select {
            Some(select) => select.fd(glyph).and_then(|k| self.locals.get(k)),
            None => self.locals.first(),
        };
        let empty = Index::default();
        let local = local.unwrap_or(&empty);
        let Some(code) = self.char_strings.get(self.data, usize::from(glyph)) else {
            return Ok(());
        };
        let mut state = State {
            stack: Vec::with_capacity(STACK),
            stems: 0,
            budget,
        };
        // An error of the charstring (past the nesting limit, a bad
        // number) ends the walk: ttf-parser stops there too.
        let _ = self.run(code, local, &mut state, 0, true)?;
        Ok(())
    }

    /// Runs `code`; `Ok(true)` when it ended the glyph (`endchar`).
    fn run(
        &self,
        code: &[u8],
        local: &Index,
        s: &mut State,
        depth: u8,
        top: bool,
    ) -> Result<bool, Walk> {
        let mut i = 0;
        while i < code.len() {
            s.take()?;
            let b = code[i];
            i += 1;
            match b {
                28 => {
                    let v = i16::from_be_bytes([
                        *code.get(i).unwrap_or(&0),
                        *code.get(i + 1).unwrap_or(&0),
                    ]);
                    s.push(i64::from(v));
                    i += 2;
                }
                32..=246 => s.push(i64::from(b) - 139),
                247..=250 => {
                    let w = *code.get(i).unwrap_or(&0);
                    s.push((i64::from(b) - 247) * 256 + i64::from(w) + 108);
                    i += 1;
                }
                251..=254 => {
                    let w = *code.get(i).unwrap_or(&0);
                    s.push(-(i64::from(b) - 251) * 256 - i64::from(w) - 108);
                    i += 1;
                }
                255 => {
                    // 16.16 fixed: its integer part.
                    let v = i16::from_be_bytes([
                        *code.get(i).unwrap_or(&0),
                        *code.get(i + 1).unwrap_or(&0),
                    ]);
                    s.push(i64::from(v));
                    i += 4;
                }
                // Stems: hstem, vstem, hstemhm, vstemhm.
                1 | 3 | 18 | 23 => {
                    s.stems += s.stack.len() / 2;
                    s.stack.clear();
                }
                // hintmask, cntrmask: stems given just before count too,
                // then the mask's bytes.
                19 | 20 => {
                    s.stems += s.stack.len() / 2;
                    s.stack.clear();
                    i += s.stems.div_ceil(8);
                }
                10 | 29 => {
                    let Some(n) = s.stack.pop() else {
                        return Ok(false);
                    };
                    if depth >= NESTING {
                        return Ok(false);
                    }
                    let subrs = if b == 10 { local } else { &self.global };
                    let Some(k) = usize::try_from(n + bias(subrs.len())).ok() else {
                        return Ok(false);
                    };
                    let Some(sub) = subrs.get(self.data, k) else {
                        return Ok(false);
                    };
                    if self.run(sub, local, s, depth + 1, false)? {
                        return Ok(true);
                    }
                }
                // return
                11 if !top => return Ok(false),
                // endchar; with four operands, `seac`: an accented glyph
                // of two glyphs of the standard encoding, which ttf-parser
                // draws too (and walks here, one level deeper).
                14 => {
                    if s.stack.len() >= 4 && depth < NESTING {
                        let n = s.stack.len();
                        let (base, accent) = (s.stack[n - 2], s.stack[n - 1]);
                        s.stack.clear();
                        for code in [base, accent] {
                            let Some(glyph) = self.seac_glyph(code) else {
                                // ttf-parser stops at a code it cannot find.
                                return Ok(true);
                            };
                            if let Some(sub) = self.char_strings.get(self.data, usize::from(glyph))
                            {
                                self.run(sub, local, s, depth + 1, true)?;
                            }
                        }
                    }
                    return Ok(true);
                }
                12 => {
                    i += 1;
                    s.stack.clear();
                }
                _ => s.stack.clear(),
            }
        }
        Ok(false)
    }
}

/// What one walk carries: the argument stack, the stems so far (for the
/// length of a hint mask) and the budget.
struct State<'b> {
    stack: Vec<i64>,
    stems: usize,
    budget: &'b mut u64,
}

impl State<'_> {
    fn take(&mut self) -> Result<(), Walk> {
        if *self.budget == 0 {
            return Err(Walk::OverBudget);
        }
        *self.budget -= 1;
        Ok(())
    }
    fn push(&mut self, v: i64) {
        if self.stack.len() < STACK {
            self.stack.push(v);
        }
    }
}

impl Cff<'_> {
    /// The glyph a `seac` code of the standard encoding names, found as
    /// ttf-parser finds it (through the font's charset).
    fn seac_glyph(&self, code: i64) -> Option<u16> {
        let code = u8::try_from(code).ok()?;
        let sid = u16::from(STANDARD_ENCODING[usize::from(code)]);
        match &self.charset {
            Charset::IsoAdobe => (code <= 228).then_some(sid),
            Charset::Other => None,
            Charset::Ranges(ranges) => {
                if sid == 0 {
                    return Some(0);
                }
                let mut glyph = 1u32;
                for &(first, left) in ranges {
                    if first <= sid && u32::from(sid) <= u32::from(first) + u32::from(left) {
                        return u16::try_from(glyph + u32::from(sid - first)).ok();
                    }
                    glyph += u32::from(left) + 1;
                }
                None
            }
        }
    }
}

/// The glyph names of a font, as far as `seac` needs them.
enum Charset {
    /// The predefined ISO Adobe charset (glyph = string id).
    IsoAdobe,
    /// The predefined expert charsets, or one that cannot be read.
    Other,
    /// (first string id, how many more) for glyphs 1, 2, ... in order.
    Ranges(Vec<(u16, u16)>),
}

fn read_charset(data: &[u8], offset: usize, glyphs: usize) -> Charset {
    let read = || -> Option<Vec<(u16, u16)>> {
        let u16_at = |p: usize| Some(u16::from_be_bytes([*data.get(p)?, *data.get(p + 1)?]));
        let format = *data.get(offset)?;
        let mut ranges = Vec::new();
        let mut covered = 1usize;
        let mut p = offset + 1;
        while covered < glyphs {
            match format {
                0 => {
                    ranges.push((u16_at(p)?, 0));
                    p += 2;
                    covered += 1;
                }
                1 => {
                    let left = u16::from(*data.get(p + 2)?);
                    ranges.push((u16_at(p)?, left));
                    p += 3;
                    covered += usize::from(left) + 1;
                }
                2 => {
                    let left = u16_at(p + 2)?;
                    ranges.push((u16_at(p)?, left));
                    p += 4;
                    covered += usize::from(left) + 1;
                }
                _ => return None,
            }
        }
        Some(ranges)
    };
    match offset {
        0 => Charset::IsoAdobe,
        1 | 2 => Charset::Other,
        _ => read().map_or(Charset::Other, Charset::Ranges),
    }
}

/// The Standard Encoding (Adobe Technical Note #5176, Appendix B): the
/// string id of each code, as `seac` reads its two codes.
#[rustfmt::skip]
const STANDARD_ENCODING: [u8; 256] = [
      0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,
      1,   2,   3,   4,   5,   6,   7,   8,   9,  10,  11,  12,  13,  14,  15,  16,
     17,  18,  19,  20,  21,  22,  23,  24,  25,  26,  27,  28,  29,  30,  31,  32,
     33,  34,  35,  36,  37,  38,  39,  40,  41,  42,  43,  44,  45,  46,  47,  48,
     49,  50,  51,  52,  53,  54,  55,  56,  57,  58,  59,  60,  61,  62,  63,  64,
     65,  66,  67,  68,  69,  70,  71,  72,  73,  74,  75,  76,  77,  78,  79,  80,
     81,  82,  83,  84,  85,  86,  87,  88,  89,  90,  91,  92,  93,  94,  95,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,  96,  97,  98,  99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110,
      0, 111, 112, 113, 114,   0, 115, 116, 117, 118, 119, 120, 121, 122,   0, 123,
      0, 124, 125, 126, 127, 128, 129, 130, 131,   0, 132, 133,   0, 134, 135, 136,
    137,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,
      0, 138,   0, 139,   0,   0,   0,   0, 140, 141, 142, 143,   0,   0,   0,   0,
      0, 144,   0,   0,   0, 145,   0,   0, 146, 147, 148, 149,   0,   0,   0,   0,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// A CFF table with one glyph whose charstring calls subroutine 0
    /// `fanout` times, each subroutine calling the next `fanout` times, ten
    /// deep (a charstring bomb), and a second, plain glyph.
    pub(crate) fn bomb(fanout: usize) -> Vec<u8> {
        fn index(items: &[Vec<u8>]) -> Vec<u8> {
            let mut out = (items.len() as u16).to_be_bytes().to_vec();
            if items.is_empty() {
                return out;
            }
            out.push(4);
            let mut off = 1u32;
            out.extend_from_slice(&off.to_be_bytes());
            for it in items {
                off += it.len() as u32;
                out.extend_from_slice(&off.to_be_bytes());
            }
            for it in items {
                out.extend_from_slice(it);
            }
            out
        }
        // Subroutine k calls subroutine k + 1 `fanout` times (biased
        // numbers: k + 1 - 107); the last one returns at once.
        let mut subrs = Vec::new();
        for k in 0..9 {
            let mut code = Vec::new();
            for _ in 0..fanout {
                code.push((k + 1 - 107 + 139) as u8);
                code.push(10);
            }
            code.push(11);
            subrs.push(code);
        }
        subrs.push(vec![11]);
        let mut glyph = Vec::new();
        for _ in 0..fanout {
            glyph.push((-107i32 + 139) as u8);
            glyph.push(10);
        }
        glyph.push(14);
        let plain = vec![139, 139, 21, 14];
        let char_strings = index(&[plain, glyph]);
        let local = index(&subrs);
        // Layout: header, names, top dict, strings, globals, then the
        // private dict, its subrs, and the charstrings.
        let header = vec![1u8, 0, 4, 4];
        let names = index(&[b"Bomb".to_vec()]);
        let strings = index(&[]);
        let globals = index(&[]);
        let private_dict = |subrs_at: i32| {
            let mut d = vec![29];
            d.extend_from_slice(&subrs_at.to_be_bytes());
            d.push(19);
            d
        };
        let top_dict = |cs: i32, psize: i32, pat: i32| {
            let mut d = vec![29];
            d.extend_from_slice(&cs.to_be_bytes());
            d.push(17);
            d.push(29);
            d.extend_from_slice(&psize.to_be_bytes());
            d.push(29);
            d.extend_from_slice(&pat.to_be_bytes());
            d.push(18);
            d
        };
        let top_len = index(&[top_dict(0, 0, 0)]).len();
        let start = header.len() + names.len() + top_len + strings.len() + globals.len();
        let private = private_dict(6);
        let private_at = start;
        let subrs_at = private_at + private.len();
        let cs_at = subrs_at + local.len();
        let top = index(&[top_dict(
            cs_at as i32,
            private.len() as i32,
            private_at as i32,
        )]);
        let mut out = header;
        out.extend(names);
        out.extend(top);
        out.extend(strings);
        out.extend(globals);
        out.extend(private);
        out.extend(local);
        out.extend(char_strings);
        out
    }

    #[test]
    fn a_charstring_bomb_is_stopped_by_the_budget() {
        let data = bomb(20);
        let (cff, _) = (parse_raw(&data).unwrap(), ());
        // The plain glyph: a few operators.
        let mut budget = 100;
        cff.walk(0, &mut budget).unwrap();
        assert_eq!(100 - budget, 4);
        // 20 calls, each 20 more, ten deep: 20^10 calls; stopped at the budget.
        let mut budget = 1_000_000;
        assert_eq!(cff.walk(1, &mut budget), Err(Walk::OverBudget));
        // With two calls a level it is counted exactly: subroutine 9 is
        // one operator (return); subroutine k, two numbers and two calls of
        // k + 1 and a return; the glyph, two numbers, two calls of 0 and
        // endchar. Ten levels of subroutines under the glyph, as ttf-parser allows.
        let data = bomb(2);
        let cff = parse_raw(&data).unwrap();
        let mut budget = u64::MAX;
        cff.walk(1, &mut budget).unwrap();
        let mut cost = 1u64;
        for _ in 0..9 {
            cost = 2 * (2 + cost) + 1;
        }
        assert_eq!(u64::MAX - budget, 2 * (2 + cost) + 1);
    }

    /// [`Cff::new`] on a bare table.
    fn parse_raw(data: &[u8]) -> Option<Cff<'_>> {
        let header = usize::from(*data.get(2)?);
        let (_, at) = read_index(data, header)?;
        let (top, at) = read_index(data, at)?;
        let (_, at) = read_index(data, at)?;
        let (global, _) = read_index(data, at)?;
        let top = read_dict(top.get(data, 0)?);
        let (char_strings, _) = read_index(data, position(*dict_get(&top, 17)?.first()?)?)?;
        Some(Cff {
            data,
            char_strings,
            global,
            locals: vec![local_subrs(data, dict_get(&top, 18)?)],
            fd_select: None,
            charset: Charset::Other,
        })
    }
}
