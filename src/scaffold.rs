//! New files from nothing: a ROP folder that passes `check` as it is
//! (`ropkit new-rop`) and a starter project around one (`ropkit init`).

use crate::library::Library;
use crate::network::Network;
use std::path::{Path, PathBuf};

/// Why nothing (or nothing more) was written.
#[derive(Debug, thiserror::Error)]
pub enum ScaffoldError {
    #[error("give CATEGORY/NAME, e.g. sdf/myShape")]
    NoSpec,
    #[error("'{0}': category and name are identifiers (letters, digits, _)")]
    BadSpec(String),
    #[error(
        "a ROP named '{name}' exists already ({}): a new one would shadow it; pick another name, or give --force",
        path.display()
    )]
    Shadows { name: String, path: PathBuf },
    #[error("{}: already exists", .0.display())]
    Exists(PathBuf),
    #[error("{}: not empty; init writes into a new or empty folder", .0.display())]
    NotEmpty(PathBuf),
    #[error("{}: is {what}; init writes into a new or empty folder", path.display())]
    NotAFolder { path: PathBuf, what: String },
    #[error("{}: {error}", path.display())]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("{file}: no node '{node}'")]
    NoNode { file: String, node: String },
    #[error(
        "{file}: node {node} runs the library's ROP '{rop}'; --from writes out a node with its own definition (rop: custom)"
    )]
    NotCustom {
        file: String,
        node: String,
        rop: String,
    },
    #[error("{file}: node {node}: custom: is not a mapping")]
    NotAMapping { file: String, node: String },
    /// The folder written did not read back; it was removed again.
    #[error("{0} (nothing written)")]
    ReadBack(String),
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> ScaffoldError + '_ {
    move |error| ScaffoldError::Io {
        path: path.to_path_buf(),
        error,
    }
}

/// Writes `<root>/<category>/<name>/` with a ROP that passes `check` as it is.
pub fn new_rop(spec: &str, root: &Path, lib: &Library, force: bool) -> Result<(), ScaffoldError> {
    let (category, name) = spec.split_once('/').ok_or(ScaffoldError::NoSpec)?;
    let valid = |s: &str| {
        !s.is_empty()
            && s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    if !valid(category) || !valid(name) {
        return Err(ScaffoldError::BadSpec(spec.to_string()));
    }
    if let Some(other) = lib.get(name)
        && !force
    {
        return Err(ScaffoldError::Shadows {
            name: name.to_string(),
            path: other.yaml_path.clone(),
        });
    }
    let dir = root.join(category).join(name);
    if dir.exists() {
        return Err(ScaffoldError::Exists(dir));
    }
    std::fs::create_dir_all(&dir).map_err(io(&dir))?;
    let yaml = format!(
        "name: {name}\ncategory: {category}\ndescription: A new ROP; describe what it does.\nkeywords: []\ncoordTypes: [vec2, vec3]\nreturnTypes: [Sdf, float]\ncontextTypes: [any]\nparams:\n  - {{ name: Size, style: float, default: 1.0, min: 0.0, max: 4.0, label: Size, help: Radius of the shape }}\n  - {{ name: Translate, style: xyz, default: [0, 0, 0], min: -5.0, max: 5.0, label: Translate, help: Moves the shape }}\n"
    );
    let function = "// The primary function: called with a coordinate and a context.\n// THIS_ prefixes keep names unique; parameters are THIS_<Name>.\nReturnT thismap(CoordT p, ContextT ctx) {\n#ifdef THIS_COORD_TYPE_vec2\n  p -= THIS_Translate.xy;\n#else\n  p -= THIS_Translate;\n#endif\n  float d = length(p) - THIS_Size;\n#ifdef THIS_RETURN_TYPE_Sdf\n  return createSdf(d);\n#else\n  return d;\n#endif\n}\n";
    let (yaml_file, function_file) = (dir.join("rop.yaml"), dir.join("function.glsl"));
    crate::files::write_atomic(&yaml_file, yaml.as_bytes()).map_err(io(&yaml_file))?;
    crate::files::write_atomic(&function_file, function.as_bytes()).map_err(io(&function_file))?;
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
) -> Result<PathBuf, ScaffoldError> {
    use serde_yaml_ng::{Mapping, Value as Yaml};
    let file = net.file.display().to_string();
    let n = net.nodes.get(node).ok_or_else(|| ScaffoldError::NoNode {
        file: file.clone(),
        node: crate::value::echo(node),
    })?;
    let Some(custom) = &n.custom else {
        return Err(ScaffoldError::NotCustom {
            file,
            node: node.to_string(),
            rop: n.rop.clone(),
        });
    };
    let Yaml::Mapping(source) = &custom.source else {
        return Err(ScaffoldError::NotAMapping {
            file,
            node: node.to_string(),
        });
    };
    let last = node.rsplit('/').find(|s| !s.is_empty()).unwrap_or("custom");
    let fallback_name = crate::resolve::glsl_name(last);
    let (category, name) = match spec {
        Some(spec) => {
            let (c, n) = spec.split_once('/').ok_or(ScaffoldError::NoSpec)?;
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
        return Err(ScaffoldError::BadSpec(format!("{category}/{name}")));
    }
    if let Some(other) = lib.get(&name)
        && !force
    {
        return Err(ScaffoldError::Shadows {
            name,
            path: other.yaml_path.clone(),
        });
    }
    let dir = root.join(&category).join(&name);
    if dir.exists() {
        return Err(ScaffoldError::Exists(dir));
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
    std::fs::create_dir_all(&dir).map_err(io(&dir))?;
    let written = (|| {
        crate::files::write_atomic(&dir.join("rop.yaml"), text.as_bytes())?;
        for block in &custom.def.blocks {
            crate::files::write_atomic(
                &dir.join(block.kind.file_name()),
                block.as_written().as_bytes(),
            )?;
        }
        Ok::<_, std::io::Error>(())
    })();
    let checked = written
        .map_err(|e| format!("{}: {e}", dir.display()))
        .and_then(|_| lib.read_folder(&dir).map_err(|e| e.to_string()));
    if let Err(e) = checked {
        let _ = std::fs::remove_dir_all(&dir);
        return Err(ScaffoldError::ReadBack(e));
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
pub fn init(dir: &Path) -> Result<(), ScaffoldError> {
    // A name that is there but is no folder (a file, or a symlink leading
    // nowhere) would fail below with a bare "File exists".
    if let Ok(meta) = std::fs::symlink_metadata(dir)
        && !dir.is_dir()
    {
        return Err(ScaffoldError::NotAFolder {
            path: dir.to_path_buf(),
            what: if meta.file_type().is_symlink() {
                match std::fs::read_link(dir) {
                    Ok(to) => format!("a symlink to {}, which is no folder", to.display()),
                    Err(_) => "a symlink".into(),
                }
            } else {
                "a file".into()
            },
        });
    }
    let busy = std::fs::read_dir(dir).is_ok_and(|mut d| d.next().is_some());
    if busy {
        return Err(ScaffoldError::NotEmpty(dir.to_path_buf()));
    }
    let rops = dir.join("rops");
    std::fs::create_dir_all(&rops).map_err(io(&rops))?;
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
        New ROPs: `ropkit new-rop shapes/myShape` (they go into `rops/`). \\\n\
        `ropkit.yaml` marks this folder as the project: files a network names\n\
        are read from inside it, and its `libraries:` adds folders of ROPs.\n";
    let (net_file, readme_file) = (dir.join("network.yaml"), dir.join("README.md"));
    let marker = dir.join(crate::project_file::FILE_NAME);
    crate::files::write_atomic(&marker, crate::project_file::STARTER.as_bytes())
        .map_err(io(&marker))?;
    crate::files::write_atomic(&net_file, network.as_bytes()).map_err(io(&net_file))?;
    crate::files::write_atomic(&readme_file, readme.as_bytes()).map_err(io(&readme_file))?;
    println!(
        "wrote {}: run `ropkit view network.yaml` in that folder",
        dir.display()
    );
    Ok(())
}

fn new_rop_quiet(spec: &str, root: &Path) -> Result<(), ScaffoldError> {
    new_rop(spec, root, &Library::default(), true)
}
