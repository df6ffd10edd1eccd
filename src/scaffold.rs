//! New files from nothing: a ROP folder that passes `check` as it is
//! (`ropkit new-rop`) and a starter project around one (`ropkit init`).

use crate::library::Library;
use crate::network::Network;
use std::path::{Path, PathBuf};

/// Writes `<root>/<category>/<name>/` with a ROP that passes `check` as it is.
pub fn new_rop(spec: &str, root: &Path, lib: &Library, force: bool) -> Result<(), String> {
    let (category, name) = spec
        .split_once('/')
        .ok_or("give CATEGORY/NAME, e.g. sdf/myShape")?;
    let valid = |s: &str| {
        !s.is_empty()
            && s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    if !valid(category) || !valid(name) {
        return Err(format!(
            "'{spec}': category and name are identifiers (letters, digits, _)"
        ));
    }
    if let Some(other) = lib.get(name)
        && !force
    {
        return Err(format!(
            "a ROP named '{name}' exists already ({}): a new one would shadow it; pick another name, or give --force",
            other.yaml_path.display()
        ));
    }
    let dir = root.join(category).join(name);
    if dir.exists() {
        return Err(format!("{}: already exists", dir.display()));
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let yaml = format!(
        "name: {name}\ncategory: {category}\ndescription: A new ROP; describe what it does.\nkeywords: []\ncoordTypes: [vec2, vec3]\nreturnTypes: [Sdf, float]\ncontextTypes: [any]\nparams:\n  - {{ name: Size, style: float, default: 1.0, min: 0.0, max: 4.0, label: Size, help: Radius of the shape }}\n  - {{ name: Translate, style: xyz, default: [0, 0, 0], min: -5.0, max: 5.0, label: Translate, help: Moves the shape }}\n"
    );
    let function = "// The primary function: called with a coordinate and a context.\n// THIS_ prefixes keep names unique; parameters are THIS_<Name>.\nReturnT thismap(CoordT p, ContextT ctx) {\n#ifdef THIS_COORD_TYPE_vec2\n  p -= THIS_Translate.xy;\n#else\n  p -= THIS_Translate;\n#endif\n  float d = length(p) - THIS_Size;\n#ifdef THIS_RETURN_TYPE_Sdf\n  return createSdf(d);\n#else\n  return d;\n#endif\n}\n";
    crate::files::write_atomic(&dir.join("rop.yaml"), yaml.as_bytes())
        .map_err(|e| e.to_string())?;
    crate::files::write_atomic(&dir.join("function.glsl"), function.as_bytes())
        .map_err(|e| e.to_string())?;
    println!("wrote {}", dir.display());
    Ok(())
}

/// Writes the definition custom node `node` of `net` carries as a ROP folder
/// `<root>/<category>/<name>/` (`rop.yaml` and one `.glsl` file per code
/// block) and reads it back as any folder is read. `spec` (CATEGORY/NAME)
/// defaults to the definition's own `category` and `name`, else `custom`
/// and the last part of the node's path. Returns the folder.
pub fn rop_from_node(
    net: &Network,
    node: &str,
    spec: Option<&str>,
    root: &Path,
    lib: &Library,
    force: bool,
) -> Result<PathBuf, String> {
    use serde_yaml_ng::{Mapping, Value as Yaml};
    let file = net.file.display();
    let n = net
        .nodes
        .get(node)
        .ok_or_else(|| format!("{file}: no node '{}'", crate::value::echo(node)))?;
    let Some(custom) = &n.custom else {
        return Err(format!(
            "{file}: node {node} runs the library's ROP '{}'; --from writes out a node with its own definition (rop: custom)",
            n.rop
        ));
    };
    let Yaml::Mapping(source) = &custom.source else {
        return Err(format!("{file}: node {node}: custom: is not a mapping"));
    };
    let last = node.rsplit('/').find(|s| !s.is_empty()).unwrap_or("custom");
    let fallback_name = crate::resolve::glsl_name(last);
    let (category, name) = match spec {
        Some(spec) => {
            let (c, n) = spec
                .split_once('/')
                .ok_or("give CATEGORY/NAME, e.g. sdf/myShape")?;
            (c.to_string(), n.to_string())
        }
        None => {
            let named =
                custom.def.name != crate::library::CUSTOM_ROP || source.contains_key("name");
            let name = if named {
                custom.def.name.clone()
            } else {
                fallback_name
            };
            (custom.def.category.clone(), name)
        }
    };
    if !valid_identifier(&category) || !valid_identifier(&name) {
        return Err(format!(
            "'{category}/{name}': category and name are identifiers (letters, digits, _); give CATEGORY/NAME"
        ));
    }
    if let Some(other) = lib.get(&name)
        && !force
    {
        return Err(format!(
            "a ROP named '{name}' exists already ({}): a new one would shadow it; give another CATEGORY/NAME, or --force",
            other.yaml_path.display()
        ));
    }
    let dir = root.join(&category).join(&name);
    if dir.exists() {
        return Err(format!("{}: already exists", dir.display()));
    }
    // rop.yaml: name and category first, then the definition's fields as
    // written, less the code, which goes to its files.
    let code_keys = ["function", "globals", "init", "material"];
    let mut yaml = Mapping::new();
    yaml.insert("name".into(), name.clone().into());
    yaml.insert("category".into(), category.clone().into());
    for (k, v) in source {
        let key = k.as_str().unwrap_or_default();
        if !["name", "category"].contains(&key) && !code_keys.contains(&key) {
            yaml.insert(k.clone(), v.clone());
        }
    }
    let mut text = String::new();
    crate::yaml::write_block(&Yaml::Mapping(yaml), 0, &mut text);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let written = (|| {
        crate::files::write_atomic(&dir.join("rop.yaml"), text.as_bytes())?;
        for block in &custom.def.blocks {
            crate::files::write_atomic(&dir.join(block.kind.file_name()), block.text.as_bytes())?;
        }
        Ok::<_, std::io::Error>(())
    })();
    let checked = written
        .map_err(|e| format!("{}: {e}", dir.display()))
        .and_then(|_| lib.read_folder(&dir).map_err(|e| e.to_string()));
    if let Err(e) = checked {
        let _ = std::fs::remove_dir_all(&dir);
        return Err(format!("{e} (nothing written)"));
    }
    println!(
        "wrote {} from node {node}: the node may now say `rop: {name}` without its custom: block",
        dir.display()
    );
    Ok(dir)
}

fn valid_identifier(s: &str) -> bool {
    !s.is_empty()
        && s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Writes a starter project into `dir`: a network using a ROP of the
/// project's own, that ROP's folder, and a README saying how to run it.
pub fn init(dir: &Path) -> Result<(), String> {
    let busy = std::fs::read_dir(dir).is_ok_and(|mut d| d.next().is_some());
    if busy {
        return Err(format!(
            "{}: not empty; init writes into a new or empty folder",
            dir.display()
        ));
    }
    let rops = dir.join("rops");
    std::fs::create_dir_all(&rops).map_err(|e| format!("{}: {e}", rops.display()))?;
    // The starter ROP is a new-rop skeleton: the project's own ROPs never
    // clash with the built-in ones, so an empty library is enough here.
    new_rop_quiet("shapes/blob", &rops)?;
    let network = "# A starter scene: the project's own ROP `blob` (rops/shapes/blob/)\n\
        # beside a built-in box. Run `ropkit view network.yaml` in this folder.\n\
        output: /render\n\
        nodes:\n\
        \x20 /blob1: { rop: blob, params: { Size: 0.8, Translate: [-0.6, 0.8, 0] } }\n\
        \x20 /box1: { rop: roundBox, params: { Size: [0.6, 0.6, 0.6], Radius: 0.08, Translate: [0.7, 0.6, 0] } }\n\
        \x20 /floor: { rop: plane }\n\
        \x20 /scene: { rop: combine, params: { Mode: smoothUnion, Blend: 0.3 }, inputs: [/blob1, /box1] }\n\
        \x20 /all: { rop: combine, params: { Mode: union }, inputs: [/scene, /floor] }\n\
        \x20 /cam: { rop: lookAtCamera, params: { Position: [3, 2.5, 5], Target: [0, 0.5, 0] } }\n\
        \x20 /light: { rop: pointLight, params: { Position: [4, 6, 3] } }\n\
        \x20 /render: { rop: raymarchRender3D, inputs: { scene: /all, camera: /cam, light: /light } }\n";
    let readme = "# A ropkit project\n\n\
        `ropkit view network.yaml` opens the scene in the viewer; edit\n\
        `rops/shapes/blob/function.glsl` and the picture follows. \\\n\
        `ropkit render network.yaml -o out.png` renders it without a window.\n\
        New ROPs: `ropkit new-rop shapes/myShape` (they go into `rops/`).\n";
    crate::files::write_atomic(&dir.join("network.yaml"), network.as_bytes())
        .map_err(|e| e.to_string())?;
    crate::files::write_atomic(&dir.join("README.md"), readme.as_bytes())
        .map_err(|e| e.to_string())?;
    println!(
        "wrote {}: run `ropkit view network.yaml` in that folder",
        dir.display()
    );
    Ok(())
}

fn new_rop_quiet(spec: &str, root: &Path) -> Result<(), String> {
    new_rop(spec, root, &Library::default(), true)
}
