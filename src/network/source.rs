//! Where things sit in a network file's text: each mapping entry, list
//! item and scalar as a byte span, so that saving can edit the text in
//! place (see [`super::patch`]) instead of writing it anew.
//!
//! This reads the YAML network files are written in: block and flow
//! mappings and lists, plain and quoted scalars, block scalars (`|`, `>`),
//! comments, a leading `---`. It does not interpret values (the YAML
//! parser does that when the file loads); it only finds where they begin
//! and end. Anything outside that set (anchors, tags, aliases, explicit
//! `?` keys, directives, more than one document, tabs in indentation, a
//! flow collection as a key) gives `None`: saving then writes the whole
//! file in the canonical form instead of guessing.

/// A byte range of the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

/// One value and where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Value {
    /// From the value's first byte to its last (no trailing space or
    /// comment). Empty, just past the `:`, for a key with no value.
    pub span: Span,
    pub kind: Kind,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// A key with nothing after it (YAML's null).
    Empty,
    /// Plain, quoted or block scalar text.
    Scalar,
    Map(Map),
    Seq(Seq),
}

/// A mapping: `{ a: 1, b: 2 }` (flow) or one `key: value` a line (block).
#[derive(Debug, Clone, PartialEq)]
pub struct Map {
    pub flow: bool,
    /// Block: the column the keys start at.
    pub col: usize,
    pub entries: Vec<Entry>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// The key as YAML reads it (quotes and escapes undone).
    pub key: String,
    pub key_span: Span,
    pub value: Value,
}

/// A list: `[a, b]` (flow) or one `- item` a line (block).
#[derive(Debug, Clone, PartialEq)]
pub struct Seq {
    pub flow: bool,
    /// Block: the column of the `-`.
    pub col: usize,
    pub items: Vec<Item>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// Block: where the item's `-` is; flow: where the item begins.
    pub start: usize,
    pub value: Value,
}

impl Map {
    /// The entry with key `key` (the first, if the text repeats it).
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.key == key)
    }

    /// Whether two entries share a key.
    pub fn has_duplicates(&self) -> bool {
        let mut keys: Vec<&str> = self.entries.iter().map(|e| e.key.as_str()).collect();
        keys.sort_unstable();
        keys.windows(2).any(|w| w[0] == w[1])
    }
}

impl Value {
    pub fn as_map(&self) -> Option<&Map> {
        match &self.kind {
            Kind::Map(m) => Some(m),
            _ => None,
        }
    }
    #[cfg(test)]
    pub fn as_seq(&self) -> Option<&Seq> {
        match &self.kind {
            Kind::Seq(s) => Some(s),
            _ => None,
        }
    }
}

/// The document's top value: where each entry, item and scalar sits, or
/// `None` when the text uses YAML this reader does not follow.
pub fn parse(text: &str) -> Option<Value> {
    let mut p = Reader {
        s: text.as_bytes(),
        pos: 0,
    };
    let (mut start, mut indent) = p.next_content_line(0)?;
    // One leading document marker is allowed; directives are not.
    if p.s[start] == b'%' {
        return None;
    }
    if p.is_marker(start, b"---") {
        let rest = start + 3;
        p.pos = rest;
        p.skip_spaces();
        if !p.at_eol() {
            return None;
        }
        (start, indent) = p.next_content_line(p.line_after(rest))?;
    }
    if indent != 0 {
        return None;
    }
    p.pos = start;
    let root = p.block_node(0, -1)?;
    // Nothing may follow but comments, blank lines and an end marker.
    if let Some((next, _)) = p.next_content_line(p.pos) {
        if !p.is_marker(next, b"...") {
            return None;
        }
        p.pos = next + 3;
        p.skip_spaces();
        if !p.at_eol() || p.next_content_line(p.line_after(next)).is_some() {
            return None;
        }
    }
    Some(root)
}

struct Reader<'a> {
    s: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn peek_at(&self, at: usize) -> Option<u8> {
        self.s.get(at).copied()
    }

    /// The column of byte `at` (bytes from its line's start).
    fn col(&self, at: usize) -> usize {
        at - self.line_start(at)
    }

    fn line_start(&self, at: usize) -> usize {
        self.s[..at]
            .iter()
            .rposition(|b| *b == b'\n')
            .map(|i| i + 1)
            .unwrap_or(0)
    }

    /// Where the line after the one holding `at` starts (the text's end
    /// when there is none).
    fn line_after(&self, at: usize) -> usize {
        self.s[at.min(self.s.len())..]
            .iter()
            .position(|b| *b == b'\n')
            .map(|i| at + i + 1)
            .unwrap_or(self.s.len())
    }

    /// Whether `word` (`---`, `...`) stands alone at `at`, a line's start.
    fn is_marker(&self, at: usize, word: &[u8]) -> bool {
        self.s[at..].starts_with(word)
            && self
                .peek_at(at + word.len())
                .is_none_or(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
    }

    fn skip_spaces(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.pos += 1;
        }
    }

    /// At the end of a line's content: its end, or a comment.
    fn at_eol(&self) -> bool {
        match self.peek() {
            None | Some(b'\n' | b'\r') => true,
            Some(b'#') => self.pos == 0 || matches!(self.s[self.pos - 1], b' ' | b'\t' | b'\n'),
            _ => false,
        }
    }

    /// From `from` (a line's start), the first line with content (not
    /// blank, not only a comment): its first content byte and its
    /// indentation (`usize::MAX` for indentation with tabs, which every
    /// caller refuses). `None` at the text's end.
    fn next_content_line(&self, mut from: usize) -> Option<(usize, usize)> {
        while from < self.s.len() {
            let mut i = from;
            while matches!(self.peek_at(i), Some(b' ' | b'\t')) {
                i += 1;
            }
            match self.peek_at(i) {
                None => return None,
                Some(b'\n' | b'\r' | b'#') => {}
                // A tab in indentation: YAML refuses it; so does this.
                Some(_) if self.s[from..i].contains(&b'\t') => return Some((i, usize::MAX)),
                Some(_) => return Some((i, i - from)),
            }
            from = self.line_after(i);
        }
        None
    }

    /// A node in block context starting at `self.pos` (its first byte, at
    /// column `col`): a block mapping, a block list, or an inline value.
    /// `parent` is the column of the key or `-` it belongs to (-1 at the top).
    /// Leaves `self.pos` at the start of the line after the node.
    fn block_node(&mut self, col: usize, parent: isize) -> Option<Value> {
        if col as isize <= parent {
            return None;
        }
        if self.is_dash(self.pos) {
            return self.block_seq(col);
        }
        if self.key_ahead() {
            return self.block_map(col);
        }
        self.inline_value(parent)
    }

    /// Whether a block list item (`- ` or a lone `-`) starts at `at`.
    fn is_dash(&self, at: usize) -> bool {
        self.peek_at(at) == Some(b'-')
            && self
                .peek_at(at + 1)
                .is_none_or(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
    }

    /// Whether a `key:` starts at `self.pos` (looked at, not read).
    fn key_ahead(&mut self) -> bool {
        let at = self.pos;
        let found = self.key().is_some();
        self.pos = at;
        found
    }

    /// Reads `key:` in block context: the key's text, where it is; leaves
    /// `self.pos` past the `:`.
    fn key(&mut self) -> Option<(String, Span)> {
        let start = self.pos;
        let key = match self.peek()? {
            b'"' | b'\'' => {
                let end = self.quoted()?;
                let key = decode_quoted(&self.s[start..end])?;
                self.skip_spaces();
                key
            }
            c if starts_plain(c, self.peek_at(self.pos + 1), false) => {
                let end = self.plain(false);
                self.pos = end;
                std::str::from_utf8(&self.s[start..end]).ok()?.to_string()
            }
            _ => return None,
        };
        let end = start + key_len(&self.s[start..self.pos]);
        if self.peek() != Some(b':') || !self.colon_ends(self.pos, false) {
            return None;
        }
        self.pos += 1;
        Some((key, Span { start, end }))
    }

    /// Whether the `:` at `at` ends a key: a space, a line's end or (in
    /// flow) a flow indicator follows.
    fn colon_ends(&self, at: usize, flow: bool) -> bool {
        self.peek_at(at + 1).is_none_or(|b| {
            matches!(b, b' ' | b'\t' | b'\r' | b'\n') || (flow && b",[]{}".contains(&b))
        })
    }

    /// A plain scalar's end on this line from `self.pos`: before `: `,
    /// ` #`, the line's end, or in flow a flow indicator. Trailing spaces
    /// are not part of it.
    fn plain(&self, flow: bool) -> usize {
        let mut i = self.pos;
        while let Some(c) = self.peek_at(i) {
            if c == b'\n' || c == b'\r' {
                break;
            }
            if c == b':' && self.colon_ends(i, flow) {
                break;
            }
            if c == b'#' && i > 0 && matches!(self.s[i - 1], b' ' | b'\t') {
                break;
            }
            if flow && b",[]{}".contains(&c) {
                break;
            }
            i += 1;
        }
        while i > self.pos && matches!(self.s[i - 1], b' ' | b'\t') {
            i -= 1;
        }
        i
    }

    /// Skips a quoted scalar from its opening quote at `self.pos`; returns
    /// the position past its closing quote (also left in `self.pos`).
    fn quoted(&mut self) -> Option<usize> {
        let q = self.peek()?;
        let mut i = self.pos + 1;
        loop {
            let c = self.peek_at(i)?;
            if q == b'"' && c == b'\\' {
                i += 2;
                continue;
            }
            if c == q {
                if q == b'\'' && self.peek_at(i + 1) == Some(b'\'') {
                    i += 2;
                    continue;
                }
                self.pos = i + 1;
                return Some(self.pos);
            }
            i += 1;
        }
    }

    /// A block mapping whose first key is at `self.pos`, at column `col`.
    fn block_map(&mut self, col: usize) -> Option<Value> {
        let start = self.pos;
        let mut entries = Vec::new();
        loop {
            let (key, key_span) = self.key()?;
            let value = self.value_after_key(col)?;
            entries.push(Entry {
                key,
                key_span,
                value,
            });
            match self.next_content_line(self.pos) {
                Some((at, indent))
                    if indent == col
                        && !self.is_dash(at)
                        && !self.is_marker(at, b"...")
                        && !self.is_marker(at, b"---") =>
                {
                    self.pos = at
                }
                Some((_, indent)) if indent > col => return None,
                _ => break,
            }
        }
        let end = entries
            .last()
            .map(|e| e.value.span.end.max(e.key_span.end))?;
        Some(Value {
            span: Span { start, end },
            kind: Kind::Map(Map {
                flow: false,
                col,
                entries,
            }),
        })
    }

    /// The value after a block mapping key at column `col` (`self.pos` just
    /// past its `:`): on the same line, or on the lines below.
    fn value_after_key(&mut self, col: usize) -> Option<Value> {
        let colon_end = self.pos;
        self.skip_spaces();
        if !self.at_eol() {
            return self.inline_value(col as isize);
        }
        let next_line = self.line_after(self.pos);
        match self.next_content_line(next_line) {
            Some((at, indent)) if indent > col && indent != usize::MAX => {
                self.pos = at;
                self.block_node(indent, col as isize)
            }
            // A list may sit at its key's own indentation.
            Some((at, indent)) if indent == col && self.is_dash(at) => {
                self.pos = at;
                self.block_seq(col)
            }
            Some((_, usize::MAX)) => None,
            _ => {
                self.pos = next_line;
                Some(Value {
                    span: Span {
                        start: colon_end,
                        end: colon_end,
                    },
                    kind: Kind::Empty,
                })
            }
        }
    }

    /// A block list whose first `-` is at `self.pos`, at column `col`.
    fn block_seq(&mut self, col: usize) -> Option<Value> {
        let start = self.pos;
        let mut items = Vec::new();
        loop {
            let item_start = self.pos;
            self.pos += 1;
            self.skip_spaces();
            let value = if self.at_eol() {
                let next_line = self.line_after(self.pos);
                match self.next_content_line(next_line) {
                    Some((at, indent)) if indent > col && indent != usize::MAX => {
                        self.pos = at;
                        self.block_node(indent, col as isize)?
                    }
                    Some((_, usize::MAX)) => return None,
                    _ => {
                        self.pos = next_line;
                        Value {
                            span: Span {
                                start: item_start + 1,
                                end: item_start + 1,
                            },
                            kind: Kind::Empty,
                        }
                    }
                }
            } else if self.is_dash(self.pos) {
                // `- - x`: lists nested on one line are not written by hand.
                return None;
            } else if self.key_ahead() {
                let inner = self.col(self.pos);
                self.block_map(inner)?
            } else {
                self.inline_value(col as isize)?
            };
            items.push(Item {
                start: item_start,
                value,
            });
            match self.next_content_line(self.pos) {
                Some((at, indent)) if indent == col && self.is_dash(at) => self.pos = at,
                Some((_, indent)) if indent > col => return None,
                _ => break,
            }
        }
        let end = items.last().map(|i| i.value.span.end.max(i.start + 1))?;
        Some(Value {
            span: Span { start, end },
            kind: Kind::Seq(Seq {
                flow: false,
                col,
                items,
            }),
        })
    }

    /// A value that starts on the current line in block context: a flow
    /// collection, a quoted, block or plain scalar. `parent` is the column
    /// of the key or `-` it belongs to: lines indented deeper than that
    /// continue it. Leaves `self.pos` at the start of the line after it.
    fn inline_value(&mut self, parent: isize) -> Option<Value> {
        let start = self.pos;
        let c = self.peek()?;
        let value = match c {
            b'{' | b'[' => {
                let v = self.flow_value()?;
                self.skip_spaces();
                if !self.at_eol() {
                    return None;
                }
                self.pos = self.line_after(self.pos);
                v
            }
            b'"' | b'\'' => {
                let end = self.quoted()?;
                self.skip_spaces();
                if !self.at_eol() {
                    return None;
                }
                self.pos = self.line_after(self.pos);
                Value {
                    span: Span { start, end },
                    kind: Kind::Scalar,
                }
            }
            b'|' | b'>' => {
                // The header (`|`, `|-`, `>+2`), then the lines indented
                // deeper than the parent, blank lines among them.
                self.pos += 1;
                while matches!(self.peek(), Some(b'+' | b'-' | b'0'..=b'9')) {
                    self.pos += 1;
                }
                let mut end = self.pos;
                self.skip_spaces();
                if !self.at_eol() {
                    return None;
                }
                let mut line = self.line_after(self.pos);
                loop {
                    let blank = self.s[line..]
                        .iter()
                        .take_while(|b| **b != b'\n')
                        .all(|b| matches!(b, b' ' | b'\r'));
                    let indent = self.s[line..].iter().take_while(|b| **b == b' ').count();
                    if line >= self.s.len() || (!blank && indent as isize <= parent) {
                        break;
                    }
                    if !blank {
                        let line_end = self.line_after(line);
                        end = if self.s[..line_end].ends_with(b"\r\n") {
                            line_end - 2
                        } else if self.s[..line_end].ends_with(b"\n") {
                            line_end - 1
                        } else {
                            line_end
                        };
                    }
                    line = self.line_after(line);
                }
                self.pos = self.line_after(end);
                Value {
                    span: Span { start, end },
                    kind: Kind::Scalar,
                }
            }
            c if starts_plain(c, self.peek_at(self.pos + 1), false) => {
                let mut end = self.plain(false);
                self.pos = end;
                self.skip_spaces();
                // `a: b: c` is not YAML; `key: value` here would be a key.
                if !self.at_eol() {
                    return None;
                }
                // A plain scalar goes on over the deeper-indented lines below.
                loop {
                    let next = self.line_after(self.pos);
                    match self.next_content_line(next) {
                        Some((at, indent))
                            if indent != usize::MAX
                                && indent as isize > parent
                                && at == self.first_content(next) =>
                        {
                            self.pos = at;
                            end = self.plain(false);
                            if end == at {
                                return None;
                            }
                            self.pos = end;
                            self.skip_spaces();
                            if !self.at_eol() {
                                return None;
                            }
                        }
                        Some((_, usize::MAX)) => return None,
                        _ => break,
                    }
                }
                self.pos = self.line_after(self.pos);
                Value {
                    span: Span { start, end },
                    kind: Kind::Scalar,
                }
            }
            _ => return None,
        };
        Some(value)
    }

    /// The first content byte of the line starting at `line` (past its spaces).
    fn first_content(&self, line: usize) -> usize {
        line + self.s[line..].iter().take_while(|b| **b == b' ').count()
    }

    /// Skips spaces, line breaks and comments inside a flow collection.
    fn skip_flow_space(&mut self) {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\r' | b'\n') => self.pos += 1,
                Some(b'#') if self.at_eol() => self.pos = self.line_after(self.pos),
                _ => return,
            }
        }
    }

    /// A value in flow context at `self.pos`: `{...}`, `[...]`, a quoted or
    /// a plain scalar (which ends at its line's end).
    fn flow_value(&mut self) -> Option<Value> {
        let start = self.pos;
        match self.peek()? {
            b'{' => {
                self.pos += 1;
                let mut entries = Vec::new();
                loop {
                    self.skip_flow_space();
                    if self.peek()? == b'}' {
                        self.pos += 1;
                        break;
                    }
                    let key_start = self.pos;
                    let key = match self.peek()? {
                        b'"' | b'\'' => {
                            let end = self.quoted()?;
                            decode_quoted(&self.s[key_start..end])?
                        }
                        c if starts_plain(c, self.peek_at(self.pos + 1), true) => {
                            let end = self.plain(true);
                            self.pos = end;
                            std::str::from_utf8(&self.s[key_start..end])
                                .ok()?
                                .to_string()
                        }
                        _ => return None,
                    };
                    let key_span = Span {
                        start: key_start,
                        end: self.pos,
                    };
                    self.skip_flow_space();
                    if self.peek()? != b':' {
                        return None;
                    }
                    self.pos += 1;
                    self.skip_flow_space();
                    let value = if matches!(self.peek()?, b',' | b'}') {
                        Value {
                            span: Span {
                                start: key_span.end + 1,
                                end: key_span.end + 1,
                            },
                            kind: Kind::Empty,
                        }
                    } else {
                        self.flow_value()?
                    };
                    entries.push(Entry {
                        key,
                        key_span,
                        value,
                    });
                    self.skip_flow_space();
                    match self.peek()? {
                        b',' => self.pos += 1,
                        b'}' => {
                            self.pos += 1;
                            break;
                        }
                        _ => return None,
                    }
                }
                Some(Value {
                    span: Span {
                        start,
                        end: self.pos,
                    },
                    kind: Kind::Map(Map {
                        flow: true,
                        col: self.col(start),
                        entries,
                    }),
                })
            }
            b'[' => {
                self.pos += 1;
                let mut items = Vec::new();
                loop {
                    self.skip_flow_space();
                    if self.peek()? == b']' {
                        self.pos += 1;
                        break;
                    }
                    let item_start = self.pos;
                    let value = self.flow_value()?;
                    items.push(Item {
                        start: item_start,
                        value,
                    });
                    self.skip_flow_space();
                    match self.peek()? {
                        b',' => self.pos += 1,
                        b']' => {
                            self.pos += 1;
                            break;
                        }
                        // `[a: b]`, a mapping of one pair in a list, and the like.
                        _ => return None,
                    }
                }
                Some(Value {
                    span: Span {
                        start,
                        end: self.pos,
                    },
                    kind: Kind::Seq(Seq {
                        flow: true,
                        col: self.col(start),
                        items,
                    }),
                })
            }
            b'"' | b'\'' => {
                let end = self.quoted()?;
                Some(Value {
                    span: Span { start, end },
                    kind: Kind::Scalar,
                })
            }
            c if starts_plain(c, self.peek_at(self.pos + 1), true) => {
                let end = self.plain(true);
                if end == start {
                    return None;
                }
                self.pos = end;
                Some(Value {
                    span: Span { start, end },
                    kind: Kind::Scalar,
                })
            }
            _ => None,
        }
    }
}

/// Whether a plain scalar may start with `c` (then `next`): not with an
/// indicator, but `-`, `?` and `:` followed by a non-space are text (`-1`).
fn starts_plain(c: u8, next: Option<u8>, flow: bool) -> bool {
    match c {
        b'-' | b'?' | b':' => next.is_some_and(|n| {
            !(matches!(n, b' ' | b'\t' | b'\r' | b'\n') || flow && b",[]{}".contains(&n))
        }),
        b',' | b'[' | b']' | b'{' | b'}' | b'#' | b'&' | b'*' | b'!' | b'|' | b'>' | b'\''
        | b'"' | b'%' | b'@' | b'`' | b' ' | b'\t' | b'\r' | b'\n' => false,
        _ => true,
    }
}

/// The length of a key's text: a quoted key up to its closing quote, a
/// plain one without trailing spaces.
fn key_len(text: &[u8]) -> usize {
    let mut n = text.len();
    while n > 0 && matches!(text[n - 1], b' ' | b'\t') {
        n -= 1;
    }
    n
}

/// The text of a quoted scalar (with its quotes), as YAML reads it; `None`
/// for what this does not undo (escapes past the common ones, line breaks).
fn decode_quoted(raw: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(raw).ok()?;
    if text.contains(['\n', '\r']) || text.len() < 2 {
        return None;
    }
    let inner = &text[1..text.len() - 1];
    if text.starts_with('\'') {
        return Some(inner.replace("''", "'"));
    }
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next()? {
            '\\' => '\\',
            '"' => '"',
            '/' => '/',
            ' ' => ' ',
            'n' => '\n',
            't' => '\t',
            'r' => '\r',
            '0' => '\0',
            _ => return None,
        });
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_of<'a>(text: &'a str, v: &Value) -> &'a str {
        &text[v.span.start..v.span.end]
    }

    fn map(v: &Value) -> &Map {
        v.as_map().expect("a mapping")
    }

    #[test]
    fn finds_flow_nodes_in_a_block_mapping() {
        let text = "# top\noutput: /render\nnodes:\n  /a: { rop: sphere, params: { Radius: 1, T: [1, 2, 3] }, pos: [0, 0] } # c\n  # between\n  \"/b\": { rop: x, inputs: [/a, null] }\n";
        let root = parse(text).unwrap();
        let root = map(&root);
        assert_eq!(root.entries.len(), 2);
        assert_eq!(text_of(text, &root.get("output").unwrap().value), "/render");
        let nodes = map(&root.get("nodes").unwrap().value);
        assert!(!nodes.flow);
        assert_eq!(nodes.col, 2);
        let a = map(&nodes.get("/a").unwrap().value);
        assert!(a.flow);
        let params = map(&a.get("params").unwrap().value);
        assert_eq!(text_of(text, &params.get("Radius").unwrap().value), "1");
        let t = params.get("T").unwrap().value.as_seq().unwrap();
        assert_eq!(t.items.len(), 3);
        assert_eq!(text_of(text, &t.items[2].value), "3");
        let b = nodes.get("/b").unwrap();
        assert_eq!(&text[b.key_span.start..b.key_span.end], "\"/b\"");
        let inputs = map(&b.value).get("inputs").unwrap().value.as_seq().unwrap();
        assert_eq!(text_of(text, &inputs.items[1].value), "null");
    }

    #[test]
    fn finds_block_nodes_lists_and_block_scalars() {
        let text = "output: /r\nnodes:\n  /c:\n    rop: custom\n    custom:\n      name: c\n      params:\n        - { name: A, style: float }\n      function: |\n        float f() {\n\n          return 1.0;\n        }\n    params:\n      A: 2\n    inputs:\n    - /x\n    - /y\n    pos: [1, 2]\n  /r: { rop: out }\n";
        let root = parse(text).unwrap();
        let nodes = map(&map(&root).get("nodes").unwrap().value);
        let c = map(&nodes.get("/c").unwrap().value);
        assert!(!c.flow);
        assert_eq!(c.col, 4);
        let custom = map(&c.get("custom").unwrap().value);
        let function = &custom.get("function").unwrap().value;
        assert!(text_of(text, function).starts_with('|'));
        assert!(text_of(text, function).ends_with("        }"));
        let inputs = c.get("inputs").unwrap().value.as_seq().unwrap();
        assert!(!inputs.flow);
        assert_eq!(inputs.col, 4);
        assert_eq!(text_of(text, &inputs.items[1].value), "/y");
        assert_eq!(
            text_of(
                text,
                &map(&c.get("params").unwrap().value).get("A").unwrap().value
            ),
            "2"
        );
        assert_eq!(nodes.entries[1].key, "/r");
    }

    #[test]
    fn reads_quoted_keys_and_multi_line_flow() {
        let text = "---\n'output': \"/a b\"\nnodes: {\n  /a: {rop: sphere,\n    params: {Radius: 2}},  # note\n  '/it''s': {rop: x}\n}\n...\n";
        let root = parse(text).unwrap();
        let root = map(&root);
        assert_eq!(
            text_of(text, &root.get("output").unwrap().value),
            "\"/a b\""
        );
        let nodes = map(&root.get("nodes").unwrap().value);
        assert!(nodes.flow);
        assert_eq!(nodes.entries[1].key, "/it's");
    }

    #[test]
    fn refuses_what_it_does_not_follow() {
        for text in [
            "a: &x 1\n",
            "a: !tag 1\n",
            "? a\n: 1\n",
            "%YAML 1.2\n---\na: 1\n",
            "a: 1\n---\nb: 2\n",
            "a:\n\t b: 1\n",
            "a: [1: 2]\n",
            "[a]: 1\n",
            "a: b: c\n",
            "  a: 1\nb: 2\n",
        ] {
            assert_eq!(parse(text), None, "{text:?}");
        }
    }
}
