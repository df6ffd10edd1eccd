//! The per-frame globals every shader reads (time, resolution, mouse, the
//! viewer's camera): their values and, in one table, their layout. The GLSL
//! uniform block, the Shadertoy stand-ins, the packing the renderer uploads
//! and the sizes the JSON export states are all written from [`SLOTS`], so
//! they cannot drift apart.

/// Per-frame values outside the network: time, frame, mouse, camera override.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Globals {
    pub time: f32,
    pub frame: u32,
    pub delta: f32,
    pub mouse: [f32; 4],
    /// Orbit camera from the viewer: position, target, vertical fov in degrees.
    pub camera: Option<([f32; 3], [f32; 3], f32)>,
}

impl Default for Globals {
    fn default() -> Self {
        Globals {
            time: 0.0,
            frame: 0,
            delta: 1.0 / 60.0,
            mouse: [0.0; 4],
            camera: None,
        }
    }
}

/// One `vec4` of the uniform block.
pub struct Slot {
    /// The GLSL member name.
    pub name: &'static str,
    /// What its four components hold, for people and the JSON export.
    pub doc: &'static str,
    /// The same value in a Shadertoy image pass, from Shadertoy's uniforms.
    pub shadertoy: &'static str,
    /// Its value for a frame of `width` x `height` pixels.
    pub pack: fn(&Globals, u32, u32) -> [f32; 4],
}

/// The uniform block at set 0, binding 0, in order: slot k is bytes 16k..16k+16.
pub const SLOTS: [Slot; 6] = [
    Slot {
        name: "rk_time",
        doc: "time in seconds, frame number, seconds since the last frame, 0",
        shadertoy: "vec4(iTime, float(iFrame), iTimeDelta, 0.0)",
        pack: |g, _, _| [g.time, g.frame as f32, g.delta, 0.0],
    },
    Slot {
        name: "rk_resolution",
        doc: "width, height, 1/width, 1/height in pixels",
        shadertoy: "vec4(iResolution.xy, 1.0 / iResolution.xy)",
        pack: |_, w, h| [w as f32, h as f32, 1.0 / w as f32, 1.0 / h as f32],
    },
    Slot {
        name: "rk_mouse",
        doc: "mouse as Shadertoy's iMouse: position, click position",
        shadertoy: "iMouse",
        pack: |g, _, _| g.mouse,
    },
    Slot {
        name: "rk_camPos",
        doc: "camera override position xyz; w: 1 when the override is on",
        shadertoy: "vec4(0.0)",
        pack: |g, _, _| match g.camera {
            Some((p, _, _)) => [p[0], p[1], p[2], 1.0],
            None => [0.0; 4],
        },
    },
    Slot {
        name: "rk_camTarget",
        doc: "camera override target xyz; w: vertical field of view in degrees",
        shadertoy: "vec4(0.0)",
        pack: |g, _, _| match g.camera {
            Some((_, t, fov)) => [t[0], t[1], t[2], fov],
            None => [0.0; 4],
        },
    },
    Slot {
        name: "rk_view",
        doc: "reserved, 0",
        shadertoy: "vec4(0.0)",
        pack: |_, _, _| [0.0; 4],
    },
];

/// Number of `vec4` globals in the uniform block.
pub const GLOBAL_VEC4S: usize = SLOTS.len();

/// Bytes of the uniform block.
pub const GLOBALS_BYTES: usize = GLOBAL_VEC4S * 16;

impl Globals {
    /// The uniform block's contents for a frame of `width` x `height`.
    pub fn pack(&self, width: u32, height: u32) -> [[f32; 4]; GLOBAL_VEC4S] {
        std::array::from_fn(|i| (SLOTS[i].pack)(self, width, height))
    }
}

/// The GLSL declaration of the block (Vulkan GLSL, set 0, binding 0).
pub fn glsl_block() -> String {
    let mut s = String::from("layout(set = 0, binding = 0) uniform Globals {\n");
    for slot in &SLOTS {
        s.push_str(&format!("  vec4 {};\n", slot.name));
    }
    s.push_str("};");
    s
}

/// Each global as a macro over Shadertoy's uniforms.
pub fn shadertoy_defines() -> String {
    SLOTS
        .iter()
        .map(|s| format!("#define {} {}", s.name, s.shadertoy))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Each global as `name (what it holds)`, in block order, for the JSON export.
pub fn described() -> Vec<String> {
    SLOTS
        .iter()
        .map(|s| format!("{} ({})", s.name, s.doc))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The declared block, read back by naga, has the members of the table
    /// at 16-byte steps, and the packing has a value for each.
    #[test]
    fn glsl_block_packing_and_export_agree() {
        let src = format!(
            "#version 450\n{}\nlayout(location = 0) out vec4 o;\nvoid main() {{ o = {}; }}\n",
            glsl_block(),
            SLOTS.iter().map(|s| s.name).collect::<Vec<_>>().join(" + ")
        );
        let module = naga::front::glsl::Frontend::default()
            .parse(
                &naga::front::glsl::Options::from(naga::ShaderStage::Fragment),
                &src,
            )
            .expect("the globals block parses");
        let block = module
            .types
            .iter()
            .find(|(_, t)| t.name.as_deref() == Some("Globals"))
            .expect("a Globals struct");
        let naga::TypeInner::Struct { members, span } = &block.1.inner else {
            panic!("Globals is not a struct");
        };
        assert_eq!(*span as usize, GLOBALS_BYTES);
        assert_eq!(members.len(), SLOTS.len());
        for (k, (m, slot)) in members.iter().zip(&SLOTS).enumerate() {
            assert_eq!(m.name.as_deref(), Some(slot.name));
            assert_eq!(m.offset as usize, 16 * k, "{}", slot.name);
        }
        let g = Globals {
            time: 2.5,
            frame: 7,
            delta: 0.25,
            mouse: [1.0, 2.0, 3.0, 4.0],
            camera: Some(([1.0, 2.0, 3.0], [4.0, 5.0, 6.0], 40.0)),
        };
        let packed = g.pack(200, 100);
        assert_eq!(packed[0], [2.5, 7.0, 0.25, 0.0]);
        assert_eq!(packed[1], [200.0, 100.0, 0.005, 0.01]);
        assert_eq!(packed[3], [1.0, 2.0, 3.0, 1.0]);
        assert_eq!(packed[4], [4.0, 5.0, 6.0, 40.0]);
        // Every Shadertoy stand-in defines a member of the block, in order.
        let defines = shadertoy_defines();
        let names: Vec<_> = defines
            .lines()
            .map(|l| l.split_whitespace().nth(1).unwrap_or(""))
            .collect();
        assert_eq!(names, SLOTS.iter().map(|s| s.name).collect::<Vec<_>>());
        assert_eq!(described().len(), GLOBAL_VEC4S);
    }
}
