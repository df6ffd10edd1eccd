//! Line-oriented output that keeps, for every generated line, where it came
//! from (a ROP file and line, a node, or the generator itself): the source
//! map that turns a compiler's line back into the ROP's own `file:line`.

use super::{LineOrigin, SourceMap};
use crate::library::CodeBlock;
use crate::substitute::{Names, substitute};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Line-oriented output with origins.
pub struct Out {
    pub text: String,
    pub map: SourceMap,
    file_ids: BTreeMap<PathBuf, u32>,
}

impl Default for Out {
    fn default() -> Out {
        Out::new()
    }
}

impl Out {
    pub fn new() -> Out {
        Out {
            text: String::with_capacity(64 * 1024),
            map: SourceMap::default(),
            file_ids: BTreeMap::new(),
        }
    }

    fn file_id(&mut self, path: &PathBuf) -> u32 {
        if let Some(id) = self.file_ids.get(path) {
            return *id;
        }
        let id = self.map.files.len() as u32;
        self.map.files.push(path.clone());
        self.file_ids.insert(path.clone(), id);
        id
    }
    /// Generated text (may hold several lines).
    pub fn emit(&mut self, text: &str, node: u32) {
        for line in text.lines() {
            self.text.push_str(line);
            self.text.push('\n');
            self.map.lines.push(LineOrigin {
                file: u32::MAX,
                line: 0,
                node,
            });
        }
    }
    /// Text from a file, already substituted; line numbers map one to one.
    pub fn file(&mut self, text: &str, path: &PathBuf, node: u32) {
        let file = self.file_id(path);
        for (i, line) in text.lines().enumerate() {
            self.text.push_str(line);
            self.text.push('\n');
            self.map.lines.push(LineOrigin {
                file,
                line: i as u32 + 1,
                node,
            });
        }
    }
    /// One generated line that comes from line `line` of `path` (a macro
    /// row of a `rop.yaml`): errors in it point at that row.
    pub fn line_from(&mut self, text: &str, path: &PathBuf, line: usize, node: u32) {
        let file = self.file_id(path);
        for part in text.lines() {
            self.text.push_str(part);
            self.text.push('\n');
            self.map.lines.push(LineOrigin {
                file,
                line: line as u32,
                node,
            });
        }
    }
    /// Lines of a file that were kept, each with its line number in the file.
    pub fn lines(&mut self, lines: &[(u32, String)], path: &PathBuf, node: u32) {
        let file = self.file_id(path);
        for (n, line) in lines {
            self.text.push_str(line);
            self.text.push('\n');
            self.map.lines.push(LineOrigin {
                file,
                line: *n,
                node,
            });
        }
    }
    /// A ROP code block, with the node's substitutions applied.
    pub fn block(&mut self, block: &CodeBlock, names: &Names, node: u32) {
        let lines: Vec<(u32, String)> = substitute(&block.text, names)
            .lines()
            .enumerate()
            .map(|(i, l)| (block.file_line(i + 1) as u32, l.to_string()))
            .collect();
        self.lines(&lines, &block.path, node);
    }
    pub fn header(&mut self, title: &str) {
        self.emit(&format!("\n// ==== {title} ===="), u32::MAX);
    }
}
