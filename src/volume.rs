//! Volume (3D) textures: what a volume parameter names and how its file is
//! read. A volume is a stack of images (a folder of them, sorted by name,
//! or a numbered pattern such as `assets/cloud/slice_###.png`) or one raw
//! file of voxels whose size and sample type the ROP's parameters give
//! (`textures:` entries with `rawSize:` and `rawFormat:`). Reading the files
//! and uploading them is the renderer's (`render/volumes.rs`); this module
//! holds what generation and the exports need to know without a GPU.

/// The sample type of a raw volume file: little-endian, one channel, x
/// fastest, then y, then z.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RawFormat {
    /// Bytes, read as 0..1.
    U8,
    /// 16-bit unsigned integers, read as 0..1.
    U16,
    /// 32-bit floats, read as they are (kept as half floats on the GPU).
    F32,
}

impl RawFormat {
    pub const NAMES: [&str; 3] = ["u8", "u16", "f32"];
    pub fn parse(s: &str) -> Option<RawFormat> {
        match s {
            "u8" => Some(RawFormat::U8),
            "u16" => Some(RawFormat::U16),
            "f32" => Some(RawFormat::F32),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            RawFormat::U8 => "u8",
            RawFormat::U16 => "u16",
            RawFormat::F32 => "f32",
        }
    }
    /// Bytes per voxel in the file.
    pub fn bytes(self) -> u64 {
        match self {
            RawFormat::U8 => 1,
            RawFormat::U16 => 2,
            RawFormat::F32 => 4,
        }
    }
}

/// Size and sample type of a raw volume file, as a node's parameters give them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RawLayout {
    /// Voxels along x, y and z (0 where a parameter gave a non-positive value).
    pub size: [u32; 3],
    pub format: RawFormat,
}

/// What a volume binding reads: an image stack, or a raw file when the ROP
/// gave its layout.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct VolumeSpec {
    pub raw: Option<RawLayout>,
    /// For a mesh file: the voxels a side its distance is baked on
    /// (`meshVoxels:` of the ROP's `textures:` entry).
    pub mesh_voxels: Option<u32>,
}

/// The characters of a numbered pattern's number (`slice_###.png`).
pub const PATTERN_DIGIT: char = '#';

/// Whether `path` names a numbered pattern rather than a file or a folder.
pub fn is_pattern(path: &str) -> bool {
    path.contains(PATTERN_DIGIT)
}

/// The file of number `n` of a pattern: the run of `#` replaced by `n`,
/// zero-padded to the run's length (`slice_###.png`, 7 → `slice_007.png`).
/// `None` when the pattern has more than one run of `#`.
pub fn pattern_file(pattern: &str, n: usize) -> Option<String> {
    let start = pattern.find(PATTERN_DIGIT)?;
    let len = pattern[start..]
        .find(|c| c != PATTERN_DIGIT)
        .unwrap_or(pattern.len() - start);
    if pattern[start + len..].contains(PATTERN_DIGIT) {
        return None;
    }
    Some(format!(
        "{}{n:0len$}{}",
        &pattern[..start],
        &pattern[start + len..]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_numbers_are_padded_to_the_run_of_hashes() {
        assert_eq!(
            pattern_file("a/s_###.png", 7).as_deref(),
            Some("a/s_007.png")
        );
        assert_eq!(pattern_file("a/s_#.png", 12).as_deref(), Some("a/s_12.png"));
        assert_eq!(pattern_file("##", 3).as_deref(), Some("03"));
        assert_eq!(pattern_file("a#b#.png", 1), None);
        assert!(is_pattern("x/#.png") && !is_pattern("x/a.raw"));
        assert_eq!(RawFormat::parse("u16"), Some(RawFormat::U16));
        assert_eq!(RawFormat::parse("f64"), None);
    }
}
