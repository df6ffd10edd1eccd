//! Every limit ropkit puts on its inputs, in one place. Files come from
//! strangers: each limit turns what would be an exhausted memory, a hang or
//! a driver crash into a clear error that names the file and the limit.
//!
//! The README's "Limits" table is [`markdown`]'s output, and a test keeps
//! the two equal, so the documentation cannot drift from the code.

/// How a limit's value reads in the README.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Bytes,
    Count,
    Seconds,
}

/// One limit, as the README lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limit {
    pub name: &'static str,
    pub value: u64,
    pub unit: Unit,
    /// The constant's doc comment.
    pub what: &'static str,
}

impl Limit {
    /// `16 MiB`, `20000`, `300 s`.
    pub fn shown(&self) -> String {
        match self.unit {
            Unit::Bytes => crate::files::human_size(self.value),
            Unit::Count => self.value.to_string(),
            Unit::Seconds => format!("{} s", self.value),
        }
    }
}

/// Declares each limit as a constant and lists it in [`ALL`] with its doc
/// comment, so that the constant, its documentation and the README's table
/// come from one text.
macro_rules! limits {
    ($( $(#[doc = $doc:literal])+ $name:ident : $ty:ty = $value:expr, $unit:ident; )+) => {
        $( $(#[doc = $doc])+ pub const $name: $ty = $value; )+
        /// Every limit, in the order this file declares them.
        pub const ALL: &[Limit] = &[$(Limit {
            name: stringify!($name),
            value: $value as u64,
            unit: Unit::$unit,
            what: concat!($($doc),+),
        }),+];
    };
}

limits! {
    /// Largest network file read.
    NETWORK_FILE_BYTES: u64 = 16 << 20, Bytes;
    /// Largest `rop.yaml` (or project `ropkit.yaml`) read.
    ROP_YAML_BYTES: u64 = 1 << 20, Bytes;
    /// Largest ROP code block (`function.glsl`, ...) or `shaders/` file read:
    /// ten times the largest built-in one. Drivers compile in time that
    /// grows with the code (lavapipe: about 5 s for 16 KiB of SDF code,
    /// 20 s for 64 KiB; a 1 MiB file took two minutes).
    CODE_FILE_BYTES: u64 = 64 << 10, Bytes;
    /// Largest texture file read.
    TEXTURE_FILE_BYTES: u64 = 64 << 20, Bytes;
    /// Largest texture, in pixels per side.
    TEXTURE_SIDE: u32 = 8192, Count;
    /// Most memory the decoded textures of one shader take together on the
    /// GPU: PNG and JPEG at 4 bytes a pixel (two of the largest side fit);
    /// HDR and EXR at 8 bytes a texel (16-bit float RGBA) plus a third more
    /// for their mip levels (an 8192x4096 environment map takes 341 MiB).
    /// Checked from each file's header, before its pixels are decoded.
    TEXTURE_BUDGET_BYTES: u64 = 512 << 20, Bytes;
    /// Most bytes of texture files one exported web page embeds, all
    /// together (base64 makes the page a third larger than that). HDR and
    /// EXR maps count as the 16-bit float texels the page carries, mips
    /// included (a 1024x512 map takes 5.3 MiB), volumes as their voxels.
    PAGE_TEXTURE_BYTES: u64 = 16 << 20, Bytes;
    /// Most bytes of the files a network reads (point lists, fonts,
    /// textures, volumes) that an exported web page carries together, for
    /// its "download network"; a file past it stays out, named in the page.
    PAGE_NETWORK_FILES_BYTES: u64 = 4 << 20, Bytes;
    /// Most distinct per-hit attribute names in one network. Each name gets
    /// a `vec4` field of the `Sdf` result, which every combine copies and
    /// blends: four cost 16 floats a result, as much as the rest together.
    ATTRIBUTE_SLOTS: usize = 4, Count;
    /// Largest volume (3D texture) file read: a raw file, or one image of a stack.
    VOLUME_FILE_BYTES: u64 = 64 << 20, Bytes;
    /// Largest volume, in voxels per side.
    VOLUME_SIDE: u32 = 512, Count;
    /// Most voxels in one volume (256³). Each voxel takes 8 bytes on the
    /// GPU (four half floats), counted in `TEXTURE_BUDGET_BYTES` with the
    /// shader's other textures.
    VOLUME_VOXELS: u64 = 1 << 24, Count;
    /// Most images in one volume's stack.
    VOLUME_IMAGES: usize = 512, Count;
    /// Most triangles read from a mesh file (`meshSdf`); its file is
    /// read up to `VOLUME_FILE_BYTES`, and its distance baked on the
    /// volume's voxels.
    MESH_TRIANGLES: usize = 1 << 20, Count;
    /// Largest points file for `ropkit sample`.
    POINTS_FILE_BYTES: u64 = 256 << 20, Bytes;
    /// Largest file a data parameter reads (a point list: CSV, PLY, OBJ).
    DATA_FILE_BYTES: u64 = 64 << 20, Bytes;
    /// Most points in one point list (inline or from a file); each takes
    /// three texels of the data texture.
    DATA_POINTS: usize = 65_536, Count;
    /// Most texels (4 floats each) of one shader's data texture, all data
    /// parameters together: 16 MiB, 1,024 rows of 1,024.
    DATA_TEXELS: usize = 1 << 20, Count;
    /// Most texels of data that a target without a data channel
    /// (Shadertoy) takes as a constant array in the code.
    DATA_INLINE_TEXELS: usize = 4096, Count;
    /// Largest font file (`.ttf`, `.otf`) a `font` parameter reads: larger
    /// than the largest fonts in use (a CJK font is about 20 MiB).
    FONT_FILE_BYTES: u64 = 32 << 20, Bytes;
    /// Most characters in the text of one `font` parameter.
    TEXT_CHARS: usize = 16_384, Count;
    /// Most outline segments (lines and quadratics, after cubics are split)
    /// of the distinct glyphs of one text: two texels each in the data
    /// texture, and the cost of the nearest glyphs at every shader step.
    TEXT_SEGMENTS: usize = 65_536, Count;
    /// Largest SVG file a `path` parameter reads.
    SVG_FILE_BYTES: u64 = 4 << 20, Bytes;
    /// Most XML nodes (elements, text, comments) of an SVG file, counted
    /// as it is parsed.
    SVG_ELEMENTS: usize = 100_000, Count;
    /// Deepest nesting of an SVG file's elements (its groups are walked
    /// recursively).
    SVG_DEPTH: usize = 128, Count;
    /// Most segments of an SVG file's filled paths together, after cubics
    /// become quadratics and curves are split where they turn in y: two
    /// texels each, all scanned by the nearest paths at every step.
    SVG_SEGMENTS: usize = 65_536, Count;
    /// Largest magnitude of a number in an SVG file: past it an arc's
    /// radius makes the parser cut the arc into ever more curves (seconds
    /// at 1e30), and no drawing needs it.
    SVG_NUMBER: u64 = 1_000_000_000, Count;
    /// Most outline segments of one glyph.
    GLYPH_SEGMENTS: usize = 4096, Count;
    /// Most glyph records one TrueType glyph expands to through its
    /// components (nested composites multiply: a hostile font could make
    /// one glyph draw a billion).
    GLYPH_COMPONENTS: u64 = 256, Count;
    /// Most outline points one TrueType glyph draws, its components' points
    /// included, counted before the outline is read: a simple glyph of a
    /// few bytes can claim 65,535 points, and a composite can name it 256
    /// times. A glyph of a real font has a few hundred.
    GLYPH_POINTS: u64 = 16_384, Count;
    /// Most charstring operators and operands the CFF outlines of one text
    /// run, all glyphs together, counted before each glyph is drawn with
    /// every subroutine call followed (a call runs its code again): a font
    /// whose subroutines call each other a thousand times, ten deep, would
    /// take years. A glyph of a real font runs a few hundred.
    CFF_CHARSTRING_OPS: u64 = 1 << 24, Count;
    /// Deepest nesting of YAML collections in any file (counted on the text,
    /// before the YAML parser sees it: deep nesting makes parsing quadratic).
    YAML_DEPTH: usize = 64, Count;
    /// Longest value given on the command line (`--set`, `--buffer`).
    CLI_VALUE_BYTES: usize = 4096, Bytes;
    /// Most nodes in one network.
    NETWORK_NODES: usize = 20_000, Count;
    /// Most `vec4` parameter slots of one shader (4 MiB; past 4,090 slots, 64 KiB, live parameters move from a uniform block to a storage buffer).
    PARAM_VEC4S: usize = 1 << 18, Count;
    /// Largest stitched shader, checked as it is stitched, before naga and
    /// the driver see it. A mixed tree of 4,000 library nodes stitches to
    /// 1.8 MB; drivers compile a shader as one function, and a 12 MB one
    /// (200 custom nodes of 60 KB) held lavapipe's compile past 5 GB and
    /// 25 minutes (elsewhere it ended in a crash of the driver).
    SHADER_BYTES: usize = 4 << 20, Bytes;
    /// Most code the custom nodes of one network carry together (`custom:`
    /// blocks, counted per node: a copy counts again), checked when the
    /// network is read or edited, before any stitching. Sixteen of the
    /// largest code blocks; a driver takes minutes over a megabyte of code.
    CUSTOM_CODE_BYTES: u64 = 1 << 20, Bytes;
    /// Most nodes whose code one shader holds (a run of transforms folded
    /// into one map counts as one). Drivers compile a scene's code into one
    /// function, at a cost that grows faster than its size: on lavapipe a
    /// tree of 2,000 nodes takes about 10 s of CPU and 1.3 GB, 5,000 about
    /// a minute and 3.3 GB.
    SHADER_NODES: usize = 4096, Count;
    /// Deepest chain of `#include`s among the `shaders/` library files, and
    /// of per-node templates (`shaders/node/`) included by ROP code.
    INCLUDE_DEPTH: usize = 32, Count;
    /// Deepest chain of function calls in a stitched shader. Nodes whose
    /// code joins its caller's (transforms, filters, combines: most ROPs)
    /// add nothing, however long the chain; each node that stays a function
    /// of its own (an early return, its input called in a loop or twice)
    /// adds one. Drivers inline every call, at a cost that grows with the
    /// square of this depth.
    CALL_DEPTH: usize = 64, Count;
    /// Deepest nesting of brackets (`(`, `[`, `{`) in GLSL (naga's parser recurses on them).
    GLSL_NESTING: usize = 256, Count;
    /// Most tokens one GLSL statement may expand to, macros included: naga's
    /// parser recurses on long expressions (a chain of 5,000 operators
    /// overflowed its stack), and a macro doubling at each level would expand
    /// a few lines into billions of tokens. The longest statement of the
    /// built-in library has 146.
    GLSL_STATEMENT_TOKENS: u64 = 2048, Count;
    /// Most elements of one array variable in a shader: drivers keep them
    /// for every pixel. On lavapipe a dynamically indexed local array of 256
    /// floats took 54 s and 380 MB for a 32x32 picture, 1024 over two minutes
    /// and 460 MB, 4000 a gigabyte. (`const` arrays are data, bounded by the
    /// code file size.)
    GLSL_ARRAY_ELEMENTS: u64 = 256, Count;
    /// Most array elements alive together: the private globals and the local arrays of any one function.
    GLSL_ARRAY_ELEMENTS_TOTAL: u64 = 1024, Count;
    /// Deepest nesting in a macro-table expression (brackets, unary operators, `**`, `if`/`else`).
    EXPR_NESTING: usize = 64, Count;
    /// Deepest expression tree of a macro-table cell (bounds chains such as `1 + 1 + ... + 1`).
    EXPR_TREE_DEPTH: u32 = 128, Count;
    /// Largest string (bytes) or list (elements) a macro-table expression may build.
    EXPR_VALUE_SIZE: usize = 1 << 20, Count;
    /// Largest picture `ropkit render` draws, in pixels per side.
    RENDER_SIDE: u32 = 8192, Count;
    /// Most frames one `ropkit render --frames` may write.
    FRAMES: u64 = 100_000, Count;
    /// Longest a `ropkit render` or `sample` waits for the GPU on one step
    /// (creating the pipeline, one frame, or all the draws of `sample`
    /// together) before it stops; `--timeout` changes it.
    GPU_TIMEOUT_SECS: u64 = 300, Seconds;
    /// Longest the viewer's preview draws one picture before it stops the
    /// frame (between two bands of rows) and says so, keeping the rows
    /// drawn: a scene of billions of steps a pixel would hold the preview
    /// for minutes. `ROPKIT_PREVIEW_SECONDS` changes it.
    PREVIEW_FRAME_SECS: u64 = 30, Seconds;
    /// Longest value or name echoed in an error message.
    ECHO_CHARS: usize = 120, Count;
    /// Longest line of an error message (longer ones are cut).
    MESSAGE_CHARS: usize = 2000, Count;
    /// ROP folders nest at most this deep below a root.
    FOLDER_DEPTH: usize = 6, Count;
}

/// The README's table of limits.
pub fn markdown() -> String {
    let mut out = String::from("| limit | value | what it bounds |\n|---|---|---|\n");
    for l in ALL {
        let what = l
            .what
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .replace('|', "\\|");
        out.push_str(&format!("| `{}` | {} | {what} |\n", l.name, l.shown()));
    }
    out
}

/// Text from a file, cut to a readable length for an error message.
pub fn echo(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(ECHO_CHARS).collect();
    let rest = chars.count();
    if rest == 0 {
        head
    } else {
        format!("{head}… ({rest} more characters)")
    }
}

/// An error message cut to a readable length: each line at most
/// [`MESSAGE_CHARS`] characters (a message may quote a file).
pub fn cut_message(message: &str) -> String {
    if message.len() <= MESSAGE_CHARS {
        return message.to_string();
    }
    message
        .split('\n')
        .map(|line| {
            let mut chars = line.chars();
            let head: String = chars.by_ref().take(MESSAGE_CHARS).collect();
            match chars.count() {
                0 => head,
                rest => format!("{head}… ({rest} more characters)"),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}
