//! Line-oriented output that keeps, for every generated line, where it came
//! from (a ROP file and line, a node, or the generator itself): the source
//! map that turns a compiler's line back into the ROP's own `file:line`.

use super::{LineOrigin, SourceMap};
use crate::library::{CodeBlock, LineMap};
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
    /// Lines of a code block that were kept, each with its line number in
    /// the block, which `map` turns into a file and a line.
    pub fn block_lines(&mut self, lines: &[(u32, String)], map: &LineMap, node: u32) {
        for (n, line) in lines {
            let (path, at) = map.origin(*n as usize);
            let file = self.file_id(&path.to_path_buf());
            // One line each, blank ones included.
            self.text.push_str(line);
            self.text.push('\n');
            self.map.lines.push(LineOrigin {
                file,
                line: at as u32,
                node,
            });
        }
    }
    /// Generated text that belongs to line `n` of a code block.
    pub fn line_at(&mut self, text: &str, map: &LineMap, n: u32, node: u32) {
        let (path, line) = map.origin(n as usize);
        let path = path.to_path_buf();
        self.line_from(text, &path, line, node);
    }
    /// A ROP code block, with the node's substitutions applied.
    pub fn block(&mut self, block: &CodeBlock, names: &Names, node: u32) {
        let lines: Vec<(u32, String)> = substitute(&block.text, names)
            .lines()
            .enumerate()
            .map(|(i, l)| (i as u32 + 1, l.to_string()))
            .collect();
        self.block_lines(&lines, &block.line_map(), node);
    }
    pub fn header(&mut self, title: &str) {
        self.emit(&format!("\n// ==== {title} ===="), u32::MAX);
    }
}
