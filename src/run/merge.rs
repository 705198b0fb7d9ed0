//! `mcu merge`: joins the run folders of a sharded run (`--shard I/N`)
//! into one run folder with the files a single run writes — episode
//! folders, judge cache, manifest and result files. Shards must come from
//! the same scenario settings, seed and task selection, and all of them
//! must be there and complete. Shards split episodes: with attempts, the
//! attempts of one task may be spread over several shards.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use super::attempts::episodes;
use super::plan::{Manifest, ManifestTask, MANIFEST_FILE, RECORD_FILE};
use super::record::EpisodeRecord;
use super::results::{self, ResultsInput};
use crate::atomic::write_json_atomic;
use crate::judge::cache::CACHE_DIR;
use crate::judge::eval::VideoEval;

/// What a merge produced.
pub struct MergeReport {
    pub dir: PathBuf,
    pub tasks: usize,
    pub total_score: f64,
    pub total_max_score: f64,
}

/// Merges the shard run folders `runs` into the new folder `out`.
pub fn merge(runs: &[PathBuf], out: &Path) -> anyhow::Result<MergeReport> {
    let mut shards: Vec<(PathBuf, Manifest)> = runs
        .iter()
        .map(|dir| Ok((dir.clone(), read_manifest(dir)?)))
        .collect::<anyhow::Result<_>>()?;
    shards.sort_by_key(|(_, manifest)| manifest.config.shard_index);
    check_compatible(&shards)?;
    if out.exists() && std::fs::read_dir(out).map_or(true, |mut d| d.next().is_some()) {
        bail!(
            "{} already exists and is not empty; merge into a new folder",
            out.display()
        );
    }
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;

    let mut manifest = shards[0].1.clone();
    manifest.tasks = whole_selection(&shards)?;
    manifest.config.shard_index = 0;
    manifest.config.num_shards = 1;
    manifest.run_id = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    manifest.started_at = shards
        .iter()
        .map(|(_, m)| m.started_at.clone())
        .min()
        .unwrap_or_default();
    manifest.finished_at = shards
        .iter()
        .filter_map(|(_, m)| m.finished_at.clone())
        .max();
    manifest.resumed_at = shards
        .iter()
        .flat_map(|(_, m)| m.resumed_at.clone())
        .collect();
    manifest.merged_from = shards
        .iter()
        .map(|(dir, _)| dir.display().to_string())
        .collect();

    let mut records = BTreeMap::new();
    let mut evals = BTreeMap::new();
    for (dir, shard) in &shards {
        for episode in episodes(shard) {
            let episode_dir = out.join(&episode.key);
            copy_dir(&dir.join(&episode.key), &episode_dir)?;
            let record_path = episode_dir.join(RECORD_FILE);
            let record: EpisodeRecord = serde_json::from_str(
                &std::fs::read_to_string(&record_path)
                    .with_context(|| format!("cannot read {}", record_path.display()))?,
            )
            .with_context(|| format!("{}: not a valid episode record", record_path.display()))?;
            records.insert(episode.key.clone(), record);
            if let Some(eval) = VideoEval::read(&episode_dir) {
                evals.insert(episode.key, eval);
            }
        }
        if dir.join(CACHE_DIR).is_dir() {
            copy_dir(&dir.join(CACHE_DIR), &out.join(CACHE_DIR))?;
        }
        let log = dir.join(format!("{}.log", shard.agent.role));
        if log.is_file() {
            let name = format!("{}.shard{}.log", shard.agent.role, shard.config.shard_index);
            std::fs::copy(&log, out.join(name))
                .with_context(|| format!("cannot copy {}", log.display()))?;
        }
    }

    write_json_atomic(&out.join(MANIFEST_FILE), &manifest)
        .with_context(|| format!("cannot write {}", out.join(MANIFEST_FILE).display()))?;
    let judge_absent = evals.is_empty().then_some("no shard had a video judge");
    let input = ResultsInput {
        manifest: &manifest,
        records: &records,
        evals: &evals,
        judge_absent,
    };
    results::write_all(out, &input).map_err(|p| anyhow::anyhow!("{p}"))?;
    let results = results::build(&input);
    Ok(MergeReport {
        dir: out.to_path_buf(),
        tasks: manifest.tasks.len(),
        total_score: results.total_score,
        total_max_score: results.total_max_score,
    })
}

/// The whole selection's tasks in order, each with every attempt, from
/// the shards' task lists (sorted by shard index): episode e of the
/// selection — attempt e mod A + 1 of task e / A — was played by shard
/// e mod N, and each shard lists its tasks in selection order.
fn whole_selection(shards: &[(PathBuf, Manifest)]) -> anyhow::Result<Vec<ManifestTask>> {
    let count = shards.len();
    let first = &shards[0].1;
    let per_task = first.config.attempts.max(1);
    // Per shard: its next unread task, and the position it was read for.
    let mut cursors: Vec<(usize, Option<usize>)> = vec![(0, None); count];
    let mut tasks = Vec::with_capacity(first.selection_size);
    for position in 0..first.selection_size {
        let mut task: Option<ManifestTask> = None;
        for attempt in 1..=per_task {
            let shard = (position * per_task as usize + attempt as usize - 1) % count;
            let (dir, manifest) = &shards[shard];
            let (next, read_for) = &mut cursors[shard];
            if *read_for != Some(position) {
                *next += 1;
                *read_for = Some(position);
            }
            let played = manifest.tasks.get(*next - 1).filter(|t| {
                t.attempts.contains(&attempt)
                    && task.as_ref().is_none_or(|seen| seen.name == t.name)
            });
            let Some(played) = played else {
                bail!(
                    "{} is not the shard {shard} of {count} this selection needs (it lacks attempt {attempt} of task {} of {}); merge shards of one run",
                    dir.display(),
                    position + 1,
                    first.selection_size
                );
            };
            task.get_or_insert_with(|| ManifestTask {
                attempts: (1..=per_task).collect(),
                ..played.clone()
            });
        }
        tasks.extend(task);
    }
    for ((dir, manifest), (read, _)) in shards.iter().zip(&cursors) {
        if manifest.tasks.len() != *read {
            bail!(
                "{}: {} tasks, but its shard of a {}-task selection has {read}",
                dir.display(),
                manifest.tasks.len(),
                first.selection_size
            );
        }
    }
    Ok(tasks)
}

fn read_manifest(dir: &Path) -> anyhow::Result<Manifest> {
    let path = dir.join(MANIFEST_FILE);
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("{} is not a run folder (no {MANIFEST_FILE})", dir.display()))?;
    serde_json::from_str(&text).with_context(|| format!("{}: not a valid manifest", path.display()))
}

/// The settings shards must share: the config without the shard index
/// and the parallelism, which may differ per machine.
fn shared_settings(manifest: &Manifest) -> serde_json::Value {
    let mut config = serde_json::to_value(&manifest.config).unwrap_or_default();
    if let Some(config) = config.as_object_mut() {
        config.remove("shard_index");
        config.remove("jobs");
    }
    config
}

fn check_compatible(shards: &[(PathBuf, Manifest)]) -> anyhow::Result<()> {
    let Some((first_dir, first)) = shards.first() else {
        bail!("give the run folders of every shard");
    };
    for (dir, manifest) in &shards[1..] {
        let differ = |what: &str| {
            anyhow::anyhow!(
                "{} and {} differ in {what}; only shards of one sharded run can be merged",
                first_dir.display(),
                dir.display()
            )
        };
        if manifest.suite_sha256 != first.suite_sha256 {
            return Err(differ("their task selection (suite_sha256)"));
        }
        if manifest.config.seed != first.config.seed {
            return Err(differ("their seed"));
        }
        if shared_settings(manifest) != shared_settings(first) {
            return Err(differ("their [config] settings"));
        }
        if manifest.agent.role != first.agent.role
            || manifest.agent.agentbeats_id != first.agent.agentbeats_id
        {
            return Err(differ("their agent"));
        }
    }
    let count = first.config.num_shards as usize;
    let indices: Vec<u32> = shards.iter().map(|(_, m)| m.config.shard_index).collect();
    let expected: Vec<u32> = (0..count as u32).collect();
    if indices != expected {
        bail!(
            "the runs are shards {indices:?} of {count}; give each of the {count} shards exactly once"
        );
    }
    for (dir, _) in shards {
        let results: serde_json::Value = std::fs::read_to_string(dir.join(results::RESULTS_FILE))
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default();
        if results["complete"] != true {
            bail!(
                "{} is not complete; finish it with `mcu run --resume {}` first",
                dir.display(),
                dir.display()
            );
        }
    }
    Ok(())
}

fn copy_dir(from: &Path, to: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(to).with_context(|| format!("cannot create {}", to.display()))?;
    for entry in
        std::fs::read_dir(from).with_context(|| format!("cannot read {}", from.display()))?
    {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target)
                .with_context(|| format!("cannot copy {}", entry.path().display()))?;
        }
    }
    Ok(())
}
