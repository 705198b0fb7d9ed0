//! An incremental parser for server-sent events: bytes in, the `data` of
//! each complete event out. Comments (`:` lines, used as keep-alives),
//! `event:`, `id:` and `retry:` fields are ignored; events with empty data
//! are dropped.

#[derive(Default)]
pub(crate) struct SseParser {
    pending: Vec<u8>,
    data: String,
    has_data: bool,
}

impl SseParser {
    /// Feeds a chunk; returns the data of every event it completed.
    pub fn push(&mut self, chunk: &[u8]) -> Vec<String> {
        self.pending.extend_from_slice(chunk);
        let mut events = Vec::new();
        while let Some(end) = self.pending.iter().position(|b| *b == b'\n') {
            let mut line: Vec<u8> = self.pending.drain(..=end).collect();
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            self.line(&String::from_utf8_lossy(&line), &mut events);
        }
        events
    }

    fn line(&mut self, line: &str, events: &mut Vec<String>) {
        if line.is_empty() {
            if self.has_data && !self.data.is_empty() {
                events.push(std::mem::take(&mut self.data));
            }
            self.data.clear();
            self.has_data = false;
            return;
        }
        if line.starts_with(':') {
            return;
        }
        let (field, value) = match line.split_once(':') {
            Some((field, value)) => (field, value.strip_prefix(' ').unwrap_or(value)),
            None => (line, ""),
        };
        if field == "data" {
            if self.has_data {
                self.data.push('\n');
            }
            self.data.push_str(value);
            self.has_data = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_events_across_chunks_and_skips_comments() {
        let mut parser = SseParser::default();
        assert!(parser.push(b": keep-alive\n\nda").is_empty());
        assert!(parser.push(b"ta: {\"a\":").is_empty());
        assert_eq!(parser.push(b"1}\r\n\r\n"), vec!["{\"a\":1}"]);
        let events = parser.push(b"event: x\nid: 3\nretry: 10\ndata: one\ndata: two\n\ndata:\n\n");
        assert_eq!(events, vec!["one\ntwo"]);
    }
}
