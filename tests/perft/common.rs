//! Reading `.perft` files: `variant NAME`, `fen FEN`, then `perft DEPTH NODES` lines.

#[derive(Debug, Clone)]
pub struct Case {
    pub file: String,
    pub variant: String,
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
}

pub fn read(path: &std::path::Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let file = path
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut cases: Vec<Case> = Vec::new();
    let mut variant = String::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "variant" => variant = rest.trim().to_string(),
            "fen" => cases.push(Case {
                file: file.clone(),
                variant: variant.clone(),
                fen: rest.trim().to_string(),
                counts: vec![],
            }),
            "perft" => {
                let mut it = rest
                    .split_whitespace()
                    .map(|x| x.parse::<u64>().expect("a number"));
                let (d, n) = (it.next().expect("depth"), it.next().expect("nodes"));
                cases
                    .last_mut()
                    .expect("perft line after a fen line")
                    .counts
                    .push((d as u32, n));
            }
            other => panic!("{}: unknown line kind '{other}'", path.display()),
        }
    }
    cases
}

/// Every case of every `.perft` file under `tests/perft/` and the shared anchors.
pub fn all_cases() -> Vec<Case> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<std::path::PathBuf> = std::fs::read_dir(root.join("tests/perft"))
        .expect("tests/perft")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    let anchors = root.join("../shared/anchors");
    if let Ok(dir) = std::fs::read_dir(&anchors) {
        paths.extend(
            dir.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "perft")),
        );
    }
    paths.sort();
    paths.iter().flat_map(|p| read(p)).collect()
}
