//! Atomic file writes: every output is written to a hidden temporary file
//! beside its destination and renamed into place when complete, so a
//! killed or failed run never leaves a half-written file under the real
//! name.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// A file being written next to its destination; removed when dropped
/// unless it was renamed into place with [`TempFile::persist`].
#[derive(Debug)]
pub struct TempFile {
    path: PathBuf,
    persisted: bool,
}

impl TempFile {
    /// Creates a new, uniquely named hidden file in `destination`'s folder.
    pub fn create_beside(destination: &Path) -> io::Result<(TempFile, File)> {
        let dir = match destination.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = destination
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_else(|| "file".to_owned());
        let path = dir.join(format!(".{name}.{}.part", uuid::Uuid::new_v4().simple()));
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)?;
        Ok((
            TempFile {
                path,
                persisted: false,
            },
            file,
        ))
    }

    /// Where the data is being written.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Renames the file to `destination`.
    pub fn persist(mut self, destination: &Path) -> io::Result<()> {
        fs::rename(&self.path, destination)?;
        self.persisted = true;
        Ok(())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if !self.persisted {
            // Best effort: the file may already be gone.
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// A buffered writer whose contents appear at the destination only on
/// [`commit`](AtomicWriter::commit).
pub struct AtomicWriter {
    destination: PathBuf,
    temp: TempFile,
    writer: BufWriter<File>,
}

impl AtomicWriter {
    pub fn create(destination: &Path) -> io::Result<AtomicWriter> {
        let (temp, file) = TempFile::create_beside(destination)?;
        Ok(AtomicWriter {
            destination: destination.to_path_buf(),
            temp,
            writer: BufWriter::new(file),
        })
    }

    /// Flushes, syncs and renames the file into place.
    pub fn commit(mut self) -> io::Result<()> {
        self.writer.flush()?;
        self.writer.get_ref().sync_data()?;
        self.temp.persist(&self.destination)
    }
}

impl Write for AtomicWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writer.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

/// Writes `bytes` to `destination` atomically.
pub fn write_atomic(destination: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut writer = AtomicWriter::create(destination)?;
    writer.write_all(bytes)?;
    writer.commit()
}

/// Writes `value` as pretty JSON (with a final newline) atomically.
pub fn write_json_atomic(destination: &Path, value: &impl serde::Serialize) -> io::Result<()> {
    let mut bytes = serde_json::to_vec_pretty(value).map_err(io::Error::other)?;
    bytes.push(b'\n');
    write_atomic(destination, &bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contents_appear_only_on_commit_and_nothing_is_left_behind() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("results.json");
        fs::write(&target, "old").unwrap();
        let mut writer = AtomicWriter::create(&target).unwrap();
        writer.write_all(b"new").unwrap();
        writer.flush().unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "old");
        writer.commit().unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "new");

        let abandoned = AtomicWriter::create(&target).unwrap();
        drop(abandoned);
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "the temporary file is removed");

        write_json_atomic(&target, &serde_json::json!({"a": 1})).unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "{\n  \"a\": 1\n}\n");
    }

    #[test]
    fn an_unwritable_folder_is_an_error() {
        let missing = Path::new("/nonexistent-mcu-dir/file.json");
        assert!(write_atomic(missing, b"x").is_err());
    }
}
