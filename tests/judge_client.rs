//! The judge's chat client against the stand-in chat-completions server:
//! the request it sends, the answer it reads, retries and their limits, and
//! errors that never reveal the key.

mod common;

use std::time::{Duration, Instant};

use base64::Engine;
use common::chat_stub::{self, StubReply, KEY};
use mcu::judge::client::{ChatClient, ChatError, ChatRequest, ChatSettings};

const ANSWER: &str = "Crafted planks: 9\nUsed a crafting table: 7";

fn settings(base_url: &str, api_key: Option<&str>) -> ChatSettings {
    ChatSettings {
        base_url: base_url.to_string(),
        model: "gpt-4o".to_string(),
        api_key: api_key.map(str::to_string),
        timeout: Duration::from_secs(10),
        max_attempts: 3,
        backoff: Duration::from_millis(10),
        max_retry_after: Duration::from_secs(60),
    }
}

fn jpeg_data_url(shade: u8) -> String {
    let frame = image::RgbImage::from_pixel(8, 8, image::Rgb([shade, 120, 40]));
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 85)
        .encode_image(&frame)
        .unwrap();
    format!(
        "data:image/jpeg;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(bytes)
    )
}

fn request() -> ChatRequest {
    ChatRequest {
        system: "Rate each criterion from 0 to 10.".to_string(),
        user_texts: vec![
            "Task: craft planks".to_string(),
            "Criteria: crafted planks; used a crafting table".to_string(),
        ],
        image_urls: (0..3).map(|i| jpeg_data_url(i * 80)).collect(),
        temperature: 0.0,
        top_p: 1.0,
        seed: Some(42),
        max_tokens: Some(800),
    }
}

async fn complete(
    script: Vec<StubReply>,
    settings: impl FnOnce(&str) -> ChatSettings,
) -> (
    Result<mcu::judge::client::ChatAnswer, ChatError>,
    chat_stub::ChatStub,
) {
    let stub = chat_stub::start(script).await;
    let client = ChatClient::new(settings(&stub.base_url)).unwrap();
    (client.complete(&request()).await, stub)
}

#[tokio::test]
async fn good_answer_carries_the_request_the_api_expects() {
    let (answer, stub) = complete(vec![StubReply::Answer(ANSWER.into())], |base| {
        settings(base, Some(KEY))
    })
    .await;
    let answer = answer.unwrap();
    assert_eq!(answer.text, ANSWER);
    assert_eq!(
        answer.model,
        format!("gpt-4o{}", chat_stub::MODEL_SNAPSHOT_SUFFIX)
    );
    assert_eq!(answer.attempts, 1);

    let recorded = stub.recorded();
    assert_eq!(recorded.len(), 1);
    let sent = &recorded[0];
    assert_eq!(sent.path, "/v1/chat/completions");
    assert_eq!(sent.model.as_deref(), Some("gpt-4o"));
    assert_eq!(sent.authorization, Some(format!("Bearer {KEY}")));
    assert_eq!(sent.images, 3);
    assert_eq!(
        sent.texts,
        [
            "Rate each criterion from 0 to 10.",
            "Task: craft planks",
            "Criteria: crafted planks; used a crafting table",
            "Frames from the episode, in order:",
        ]
    );
    assert_eq!(sent.body["seed"], 42);
    assert_eq!(sent.body["max_tokens"], 800);
    assert_eq!(sent.body["temperature"], 0.0);
    assert_eq!(sent.body["top_p"], 1.0);
}

#[tokio::test]
async fn usage_is_read_from_the_answer() {
    let (answer, _stub) = complete(vec![StubReply::Answer(ANSWER.into())], |base| {
        settings(base, Some(KEY))
    })
    .await;
    let usage = answer.unwrap().usage;
    let messages = 4; // system, two texts, frames
    let prompt =
        messages * chat_stub::PROMPT_TOKENS_PER_MESSAGE + 3 * chat_stub::PROMPT_TOKENS_PER_IMAGE;
    let completion = ANSWER.split_whitespace().count() as u64;
    assert_eq!(usage.prompt_tokens, prompt);
    assert_eq!(usage.completion_tokens, completion);
    assert_eq!(usage.total_tokens, prompt + completion);
}

#[tokio::test]
async fn garbled_text_is_returned_as_the_model_wrote_it() {
    let (answer, _stub) =
        complete(vec![StubReply::Garbled], |base| settings(base, Some(KEY))).await;
    assert_eq!(answer.unwrap().text, chat_stub::GARBLED);
}

#[tokio::test]
async fn rate_limit_waits_for_retry_after_then_succeeds() {
    let script = vec![
        StubReply::Status(429, Some(1)),
        StubReply::Answer(ANSWER.into()),
    ];
    let started = Instant::now();
    let (answer, stub) = complete(script, |base| settings(base, Some(KEY))).await;
    let answer = answer.unwrap();
    assert_eq!(answer.attempts, 2);
    assert_eq!(answer.text, ANSWER);
    assert_eq!(stub.recorded().len(), 2);
    // The backoff is 10 ms, so only the header explains a wait of a second.
    assert!(started.elapsed() >= Duration::from_millis(1000));
}

#[tokio::test]
async fn server_error_is_retried() {
    let script = vec![
        StubReply::Status(500, None),
        StubReply::Answer(ANSWER.into()),
    ];
    let (answer, stub) = complete(script, |base| settings(base, Some(KEY))).await;
    assert_eq!(answer.unwrap().attempts, 2);
    assert_eq!(stub.recorded().len(), 2);
}

#[tokio::test]
async fn persistent_rate_limit_gives_up_after_max_attempts() {
    let (answer, stub) = complete(vec![StubReply::Status(429, None)], |base| {
        settings(base, Some(KEY))
    })
    .await;
    match answer.unwrap_err() {
        ChatError::Status {
            status, attempts, ..
        } => assert_eq!((status, attempts), (429, 3)),
        other => panic!("expected a 429 status error, got {other:?}"),
    }
    assert_eq!(stub.recorded().len(), 3);
}

#[tokio::test]
async fn wrong_key_is_not_retried_and_never_printed() {
    let wrong_key = "sk-wrong-5e8d1c7a9b3f2e40";
    let (answer, stub) = complete(vec![StubReply::Answer(ANSWER.into())], |base| {
        settings(base, Some(wrong_key))
    })
    .await;
    let error = answer.unwrap_err();
    assert!(
        matches!(
            error,
            ChatError::Status {
                status: 401,
                attempts: 1,
                ..
            }
        ),
        "{error:?}"
    );
    assert_eq!(stub.recorded().len(), 1);
    let shown = format!("{error} {error:?}");
    assert!(!shown.contains(wrong_key), "{shown}");
    assert!(shown.contains("Incorrect API key provided: ***"), "{shown}");
    assert!(shown.contains("api_key_env"), "{shown}");
}

#[tokio::test]
async fn wrong_base_url_gives_404_advice_without_retrying() {
    let (answer, stub) = complete(vec![StubReply::Answer(ANSWER.into())], |base| {
        settings(base.trim_end_matches("/v1"), Some(KEY))
    })
    .await;
    let error = answer.unwrap_err();
    assert!(
        matches!(
            error,
            ChatError::Status {
                status: 404,
                attempts: 1,
                ..
            }
        ),
        "{error:?}"
    );
    assert_eq!(stub.recorded()[0].path, "/chat/completions");
    let message = error.to_string();
    assert!(
        message.contains("base_url") && message.contains("model"),
        "{message}"
    );
}

#[tokio::test]
async fn image_that_is_not_jpeg_is_rejected_once() {
    let stub = chat_stub::start(vec![StubReply::Answer(ANSWER.into())]).await;
    let client = ChatClient::new(settings(&stub.base_url, Some(KEY))).unwrap();
    let mut png = request();
    png.image_urls = vec!["data:image/jpeg;base64,iVBORw0KGgo=".to_string()];
    let error = client.complete(&png).await.unwrap_err();
    assert!(
        matches!(
            error,
            ChatError::Status {
                status: 400,
                attempts: 1,
                ..
            }
        ),
        "{error:?}"
    );
    assert!(error.to_string().contains("not a JPEG"), "{error}");
}

#[tokio::test]
async fn slow_server_times_out_after_every_attempt() {
    let script = vec![StubReply::Slow(Duration::from_secs(5), ANSWER.into())];
    let (answer, stub) = complete(script, |base| ChatSettings {
        timeout: Duration::from_millis(300),
        ..settings(base, Some(KEY))
    })
    .await;
    match answer.unwrap_err() {
        ChatError::Timeout { after, attempts } => {
            assert_eq!(after, Duration::from_millis(300));
            assert_eq!(attempts, 3);
        }
        other => panic!("expected a timeout, got {other:?}"),
    }
    assert_eq!(stub.recorded().len(), 3);
}

#[tokio::test]
async fn base_url_with_trailing_slash_reaches_the_same_endpoint() {
    let (answer, stub) = complete(vec![StubReply::Answer(ANSWER.into())], |base| {
        settings(&format!("{base}/"), Some(KEY))
    })
    .await;
    assert_eq!(answer.unwrap().text, ANSWER);
    assert_eq!(stub.recorded()[0].path, "/v1/chat/completions");
}

#[tokio::test]
async fn without_a_key_no_authorization_header_is_sent() {
    let stub = chat_stub::start_expecting(vec![StubReply::Answer(ANSWER.into())], None).await;
    for blank in [None, Some("  ")] {
        let client = ChatClient::new(settings(&stub.base_url, blank)).unwrap();
        assert_eq!(client.complete(&request()).await.unwrap().text, ANSWER);
    }
    let recorded = stub.recorded();
    assert_eq!(recorded.len(), 2);
    assert!(recorded.iter().all(|sent| sent.authorization.is_none()));
}

#[tokio::test]
async fn unreachable_server_is_a_transport_error_after_max_attempts() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    drop(listener);
    let client = ChatClient::new(settings(&format!("http://{address}/v1"), Some(KEY))).unwrap();
    let error = client.complete(&request()).await.unwrap_err();
    assert!(
        matches!(error, ChatError::Transport { attempts: 3, .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains("base_url"), "{error}");
}
