//! Frames for the video judge, sampled from an episode video.
//!
//! [`sample_video`] decodes an episode MP4 and keeps frames 0, stride,
//! 2·stride, … as JPEG images; [`data_url`] turns one into the
//! `data:image/jpeg;base64,` URL a vision-language model is sent. The
//! stride follows the SPEC rule ([`default_stride`]: every 20th frame for
//! videos under 1200 frames, else every 60th) unless overridden, and a cap
//! on the number of frames thins the candidates evenly.
//!
//! The stride depends on the number of frames, which is counted by decoding
//! (container metadata is not trusted), so the video is read twice: once to
//! count the frames, once to encode the chosen ones. Only the chosen frames'
//! JPEGs are ever held, however long the video.

use std::path::{Path, PathBuf};

use base64::Engine;
use ffmpeg::format::Pixel;
use ffmpeg::software::scaling;
use ffmpeg::{codec, format, frame, media, Packet};
use ffmpeg_next as ffmpeg;
use image::codecs::jpeg::JpegEncoder;
use image::RgbImage;

use crate::video::initialise_ffmpeg;

/// Frames per video below which every [`SHORT_VIDEO_STRIDE`]th frame is kept.
const LONG_VIDEO_FRAMES: u64 = 1200;
/// Stride for videos shorter than [`LONG_VIDEO_FRAMES`].
const SHORT_VIDEO_STRIDE: u64 = 20;
/// Stride for videos of [`LONG_VIDEO_FRAMES`] frames or more.
const LONG_VIDEO_STRIDE: u64 = 60;
/// Default cap on the frames sent to the judge.
const DEFAULT_MAX_FRAMES: u32 = 60;
/// Default JPEG quality (SPEC §6).
const DEFAULT_JPEG_QUALITY: u8 = 85;
/// What a data URL of a JPEG starts with.
const JPEG_DATA_URL_PREFIX: &str = "data:image/jpeg;base64,";

/// How to sample a video.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SampleOptions {
    /// Keep every `stride`th frame; `None` applies [`default_stride`].
    /// A stride of 0 acts as 1.
    pub stride: Option<u32>,
    /// At most this many frames are kept, spread evenly over the
    /// candidates; the first frame is always kept, so 0 acts as 1.
    pub max_frames: u32,
    /// JPEG quality from 1 (smallest) to 100 (best); values outside are
    /// clamped by the encoder.
    pub jpeg_quality: u8,
}

impl Default for SampleOptions {
    /// The SPEC rule for the stride, at most 60 frames, JPEG quality 85.
    fn default() -> Self {
        Self {
            stride: None,
            max_frames: DEFAULT_MAX_FRAMES,
            jpeg_quality: DEFAULT_JPEG_QUALITY,
        }
    }
}

/// One kept frame: its position in the video (from 0) and its JPEG bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SampledFrame {
    pub index: u64,
    pub jpeg: Vec<u8>,
}

/// The frames kept from a video, in video order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SampledVideo {
    /// Frames decoded from the video.
    pub total_frames: u64,
    /// The stride the candidates were taken at.
    pub stride: u64,
    pub frames: Vec<SampledFrame>,
}

/// What went wrong while sampling, and for which file.
#[derive(Debug, thiserror::Error)]
pub enum SampleError {
    /// FFmpeg could not be initialised.
    #[error("cannot read video {}: ffmpeg is unusable: {reason}", path.display())]
    Unavailable { path: PathBuf, reason: String },
    /// The file is missing, unreadable or not a media file FFmpeg knows.
    #[error(
        "cannot open video {}: {source} (check the path names an episode video, an MP4 written by `mcu run`)",
        path.display()
    )]
    Open {
        path: PathBuf,
        source: ffmpeg::Error,
    },
    /// The file is a media file without a video stream. A recording that
    /// was finished without frames is one: the MP4 muxer drops the empty
    /// track.
    #[error(
        "{} has no video stream (give the judge an episode video, an MP4 written by `mcu run`; an episode that recorded no frames has none)",
        path.display()
    )]
    NoVideoStream { path: PathBuf },
    /// An FFmpeg step failed while decoding; `stage` says which.
    #[error(
        "video {}: {stage} failed: {source} (the file may be damaged; re-run the episode to record it again)",
        path.display()
    )]
    Decode {
        path: PathBuf,
        stage: &'static str,
        source: ffmpeg::Error,
    },
    /// A decoded frame could not be encoded as JPEG.
    #[error("video {}: frame {index} could not be encoded as JPEG: {source}", path.display())]
    Encode {
        path: PathBuf,
        index: u64,
        source: image::ImageError,
    },
    /// The video stream decoded to no frames at all.
    #[error(
        "video {} has no frames (the recording is empty; re-run the episode to record it again)",
        path.display()
    )]
    Empty { path: PathBuf },
}

/// The SPEC stride: every 20th frame when the video has fewer than 1200
/// frames, else every 60th.
pub fn default_stride(total_frames: u64) -> u64 {
    if total_frames < LONG_VIDEO_FRAMES {
        SHORT_VIDEO_STRIDE
    } else {
        LONG_VIDEO_STRIDE
    }
}

/// Decodes the video at `path` and returns the frames `options` select,
/// each as a JPEG; see the module documentation.
pub fn sample_video(path: &Path, options: &SampleOptions) -> Result<SampledVideo, SampleError> {
    initialise_ffmpeg().map_err(|reason| SampleError::Unavailable {
        path: path.to_path_buf(),
        reason,
    })?;
    let total_frames = VideoDecoder::open(path)?.for_each_frame(|_, _| Ok(()))?;
    if total_frames == 0 {
        return Err(SampleError::Empty {
            path: path.to_path_buf(),
        });
    }
    let stride = options
        .stride
        .map_or_else(|| default_stride(total_frames), u64::from)
        .max(1);
    let wanted = selected_indices(total_frames, stride, options.max_frames);
    let frames = encode_frames(path, &wanted, options.jpeg_quality)?;
    Ok(SampledVideo {
        total_frames,
        stride,
        frames,
    })
}

/// The JPEG as a `data:image/jpeg;base64,` URL.
pub fn data_url(jpeg: &[u8]) -> String {
    let mut url = String::from(JPEG_DATA_URL_PREFIX);
    base64::engine::general_purpose::STANDARD.encode_string(jpeg, &mut url);
    url
}

/// The frame indices kept: candidates every `stride`th frame from 0, thinned
/// evenly to at most `max_frames` (at least one).
fn selected_indices(total_frames: u64, stride: u64, max_frames: u32) -> Vec<u64> {
    let candidates = total_frames.div_ceil(stride);
    let keep = u64::from(max_frames.max(1)).min(candidates);
    evenly_spread(candidates, keep)
        .into_iter()
        .map(|candidate| candidate * stride)
        .collect()
}

/// `keep` of the positions `0..count`, increasing and evenly spaced: the
/// first always, the last too when more than one is kept.
fn evenly_spread(count: u64, keep: u64) -> Vec<u64> {
    if keep <= 1 {
        return vec![0];
    }
    let gaps = keep - 1;
    (0..keep)
        .map(|j| (j * (count - 1) + gaps / 2) / gaps)
        .collect()
}

/// Decodes the video once more and encodes the frames at `wanted`
/// (increasing indices) as JPEG.
fn encode_frames(
    path: &Path,
    wanted: &[u64],
    quality: u8,
) -> Result<Vec<SampledFrame>, SampleError> {
    let mut converter = RgbConverter::new(path);
    let mut frames = Vec::with_capacity(wanted.len());
    let mut remaining = wanted.iter().copied().peekable();
    VideoDecoder::open(path)?.for_each_frame(|index, decoded| {
        if remaining.next_if_eq(&index).is_none() {
            return Ok(());
        }
        let image = converter.convert(decoded)?;
        let jpeg = encode_jpeg(&image, quality).map_err(|source| SampleError::Encode {
            path: path.to_path_buf(),
            index,
            source,
        })?;
        frames.push(SampledFrame { index, jpeg });
        Ok(())
    })?;
    Ok(frames)
}

fn encode_jpeg(image: &RgbImage, quality: u8) -> Result<Vec<u8>, image::ImageError> {
    let mut jpeg = Vec::new();
    JpegEncoder::new_with_quality(&mut jpeg, quality).encode_image(image)?;
    Ok(jpeg)
}

/// A video file opened for decoding its best video stream.
struct VideoDecoder<'a> {
    path: &'a Path,
    input: format::context::Input,
    stream_index: usize,
    decoder: codec::decoder::Video,
}

impl<'a> VideoDecoder<'a> {
    fn open(path: &'a Path) -> Result<Self, SampleError> {
        let input = format::input(path).map_err(|source| SampleError::Open {
            path: path.to_path_buf(),
            source,
        })?;
        let stream =
            input
                .streams()
                .best(media::Type::Video)
                .ok_or_else(|| SampleError::NoVideoStream {
                    path: path.to_path_buf(),
                })?;
        let stream_index = stream.index();
        let decoder = codec::Context::from_parameters(stream.parameters())
            .and_then(|context| context.decoder().video())
            .map_err(decode_error(path, "opening the video decoder"))?;
        Ok(Self {
            path,
            input,
            stream_index,
            decoder,
        })
    }

    /// Decodes every frame, calling `visit` with each frame's index, and
    /// returns how many frames there were.
    fn for_each_frame(
        mut self,
        mut visit: impl FnMut(u64, &frame::Video) -> Result<(), SampleError>,
    ) -> Result<u64, SampleError> {
        let mut decoded = 0;
        loop {
            // A fresh packet each time: reading into a used one would leak it.
            let mut packet = Packet::empty();
            match packet.read(&mut self.input) {
                Ok(()) => {}
                Err(ffmpeg::Error::Eof) => break,
                Err(source) => return Err(decode_error(self.path, "reading a packet")(source)),
            }
            if packet.stream() != self.stream_index {
                continue;
            }
            self.decoder
                .send_packet(&packet)
                .map_err(decode_error(self.path, "decoding a packet"))?;
            decoded = self.receive_frames(decoded, &mut visit)?;
        }
        self.decoder
            .send_eof()
            .map_err(decode_error(self.path, "flushing the decoder"))?;
        self.receive_frames(decoded, &mut visit)
    }

    /// Hands every frame the decoder has ready to `visit`, numbering them
    /// on from `decoded`; returns the new count.
    fn receive_frames(
        &mut self,
        mut decoded: u64,
        visit: &mut impl FnMut(u64, &frame::Video) -> Result<(), SampleError>,
    ) -> Result<u64, SampleError> {
        let mut frame = frame::Video::empty();
        loop {
            match self.decoder.receive_frame(&mut frame) {
                Ok(()) => {}
                Err(ffmpeg::Error::Eof) => return Ok(decoded),
                Err(ffmpeg::Error::Other { errno }) if errno == ffmpeg::util::error::EAGAIN => {
                    return Ok(decoded)
                }
                Err(source) => return Err(decode_error(self.path, "receiving a frame")(source)),
            }
            visit(decoded, &frame)?;
            decoded += 1;
        }
    }
}

/// Converts decoded frames to RGB images, reusing one converter while the
/// frames keep their pixel format and size.
struct RgbConverter<'a> {
    path: &'a Path,
    scaler: Option<scaling::Context>,
}

impl<'a> RgbConverter<'a> {
    fn new(path: &'a Path) -> Self {
        Self { path, scaler: None }
    }

    fn convert(&mut self, decoded: &frame::Video) -> Result<RgbImage, SampleError> {
        let (width, height) = (decoded.width(), decoded.height());
        let path = self.path;
        let scaler = self.scaler_for(decoded.format(), width, height)?;
        let mut rgb = frame::Video::empty();
        scaler
            .run(decoded, &mut rgb)
            .map_err(decode_error(path, "converting a frame to RGB"))?;
        let row_bytes = width as usize * 3;
        let mut image = RgbImage::new(width, height);
        for (destination, source) in image
            .chunks_exact_mut(row_bytes)
            .zip(rgb.data(0).chunks(rgb.stride(0)))
        {
            destination.copy_from_slice(&source[..row_bytes]);
        }
        Ok(image)
    }

    fn scaler_for(
        &mut self,
        format: Pixel,
        width: u32,
        height: u32,
    ) -> Result<&mut scaling::Context, SampleError> {
        let fits = |scaler: &scaling::Context| {
            let input = scaler.input();
            input.format == format && input.width == width && input.height == height
        };
        let scaler = match self.scaler.take() {
            Some(scaler) if fits(&scaler) => scaler,
            _ => scaling::Context::get(
                format,
                width,
                height,
                Pixel::RGB24,
                width,
                height,
                scaling::Flags::BILINEAR,
            )
            .map_err(decode_error(self.path, "creating the YUV to RGB converter"))?,
        };
        Ok(self.scaler.insert(scaler))
    }
}

fn decode_error(path: &Path, stage: &'static str) -> impl FnOnce(ffmpeg::Error) -> SampleError {
    let path = path.to_path_buf();
    move |source| SampleError::Decode {
        path,
        stage,
        source,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::video::VideoRecorder;
    use image::Rgb;

    const WIDTH: u32 = 640;
    const HEIGHT: u32 = 360;
    const FPS: u32 = 20;

    /// A distinct, well-separated solid colour for frame `index`.
    fn frame_colour(index: u64) -> Rgb<u8> {
        let channel = |multiplier: u64| (16 + (index * multiplier) % 224) as u8;
        Rgb([channel(53), channel(97), channel(151)])
    }

    fn record(path: &Path, width: u32, height: u32, frames: u64) {
        let mut recorder = VideoRecorder::create(path, width, height, FPS).expect("recorder");
        for index in 0..frames {
            let image = RgbImage::from_pixel(width, height, frame_colour(index));
            recorder.push(&image).expect("push");
        }
        assert_eq!(recorder.finish().expect("finish"), frames);
    }

    fn indices(sampled: &SampledVideo) -> Vec<u64> {
        sampled.frames.iter().map(|frame| frame.index).collect()
    }

    fn mean_colour(image: &RgbImage) -> [f64; 3] {
        let mut sum = [0.0; 3];
        for pixel in image.pixels() {
            for (total, value) in sum.iter_mut().zip(pixel.0) {
                *total += f64::from(value);
            }
        }
        let count = f64::from(image.width() * image.height());
        sum.map(|total| total / count)
    }

    fn colour_distance(mean: [f64; 3], colour: Rgb<u8>) -> f64 {
        mean.iter()
            .zip(colour.0)
            .map(|(m, c)| (m - f64::from(c)).powi(2))
            .sum::<f64>()
            .sqrt()
    }

    /// A minimal WAV file: 16-bit mono PCM, 100 silent samples.
    fn write_wav(path: &Path) {
        let samples = 100u32;
        let data_bytes = samples * 2;
        let mut wav = Vec::new();
        wav.extend_from_slice(b"RIFF");
        wav.extend_from_slice(&(36 + data_bytes).to_le_bytes());
        wav.extend_from_slice(b"WAVEfmt ");
        wav.extend_from_slice(&16u32.to_le_bytes());
        wav.extend_from_slice(&1u16.to_le_bytes()); // PCM
        wav.extend_from_slice(&1u16.to_le_bytes()); // mono
        wav.extend_from_slice(&8000u32.to_le_bytes()); // sample rate
        wav.extend_from_slice(&16000u32.to_le_bytes()); // byte rate
        wav.extend_from_slice(&2u16.to_le_bytes()); // block align
        wav.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
        wav.extend_from_slice(b"data");
        wav.extend_from_slice(&data_bytes.to_le_bytes());
        wav.resize(wav.len() + data_bytes as usize, 0);
        std::fs::write(path, wav).expect("write wav");
    }

    #[test]
    fn default_stride_follows_the_spec_rule() {
        assert_eq!(default_stride(0), 20);
        assert_eq!(default_stride(1199), 20);
        assert_eq!(default_stride(1200), 60);
        assert_eq!(default_stride(12_000), 60);
    }

    #[test]
    fn selection_keeps_every_candidate_under_the_cap() {
        assert_eq!(selected_indices(45, 20, 60), vec![0, 20, 40]);
        assert_eq!(selected_indices(40, 20, 60), vec![0, 20]);
        assert_eq!(selected_indices(1, 20, 60), vec![0]);
    }

    #[test]
    fn selection_thins_evenly_keeping_first_and_last() {
        // 22 candidates (0, 60, …, 1260) down to 5.
        assert_eq!(selected_indices(1300, 60, 5), vec![0, 300, 660, 960, 1260]);
        assert_eq!(selected_indices(1300, 60, 1), vec![0]);
        assert_eq!(selected_indices(1300, 60, 0), vec![0]);
        let thinned = selected_indices(12_000, 60, 60);
        assert_eq!(thinned.len(), 60);
        assert_eq!(thinned.first(), Some(&0));
        assert_eq!(thinned.last(), Some(&11_940));
        assert!(thinned.windows(2).all(|pair| pair[0] < pair[1]));
    }

    #[test]
    fn samples_every_twentieth_frame_with_matching_colours() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("episode.mp4");
        record(&path, WIDTH, HEIGHT, 45);

        let sampled = sample_video(&path, &SampleOptions::default()).expect("sample");

        assert_eq!(sampled.total_frames, 45);
        assert_eq!(sampled.stride, 20);
        assert_eq!(indices(&sampled), vec![0, 20, 40]);
        for frame in &sampled.frames {
            let image = image::load_from_memory_with_format(&frame.jpeg, image::ImageFormat::Jpeg)
                .expect("a JPEG")
                .to_rgb8();
            assert_eq!(image.dimensions(), (WIDTH, HEIGHT));
            let mean = mean_colour(&image);
            let expected = frame_colour(frame.index);
            let distance = colour_distance(mean, expected);
            assert!(
                distance < 12.0,
                "frame {}: mean {mean:?}, expected {expected:?}",
                frame.index
            );
            let closest = (0..45)
                .min_by(|a, b| {
                    colour_distance(mean, frame_colour(*a))
                        .total_cmp(&colour_distance(mean, frame_colour(*b)))
                })
                .expect("45 frames");
            assert_eq!(closest, frame.index, "mean {mean:?}");
        }
    }

    #[test]
    fn a_stride_override_replaces_the_rule() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("episode.mp4");
        record(&path, 64, 36, 45);
        let options = SampleOptions {
            stride: Some(10),
            ..SampleOptions::default()
        };

        let sampled = sample_video(&path, &options).expect("sample");

        assert_eq!(sampled.stride, 10);
        assert_eq!(indices(&sampled), vec![0, 10, 20, 30, 40]);
    }

    #[test]
    fn long_videos_use_stride_sixty_and_the_cap_thins_them() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("long.mp4");
        record(&path, 64, 36, 1300);

        let all = sample_video(&path, &SampleOptions::default()).expect("sample");
        assert_eq!(all.total_frames, 1300);
        assert_eq!(all.stride, 60);
        assert_eq!(indices(&all), (0..22).map(|k| k * 60).collect::<Vec<_>>());

        let capped = SampleOptions {
            max_frames: 5,
            ..SampleOptions::default()
        };
        let thinned = sample_video(&path, &capped).expect("sample");
        assert_eq!(thinned.total_frames, 1300);
        assert_eq!(indices(&thinned), vec![0, 300, 660, 960, 1260]);
        for (frame, same) in thinned.frames.iter().zip([0, 5, 11, 16, 21]) {
            assert_eq!(frame.jpeg, all.frames[same].jpeg, "frame {}", frame.index);
        }
    }

    #[test]
    fn a_file_that_is_not_a_video_is_refused_by_name() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("notes.mp4");
        std::fs::write(&path, "these are notes, not a video\n").expect("write");

        let error = sample_video(&path, &SampleOptions::default()).expect_err("not a video");

        assert!(matches!(error, SampleError::Open { .. }), "{error:?}");
        let message = error.to_string();
        assert!(message.contains(&path.display().to_string()), "{message}");
        assert!(message.contains("episode video"), "{message}");
    }

    #[test]
    fn a_missing_file_is_refused_by_name() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("absent.mp4");

        let error = sample_video(&path, &SampleOptions::default()).expect_err("missing");

        assert!(matches!(error, SampleError::Open { .. }), "{error:?}");
        assert!(error.to_string().contains(&path.display().to_string()));
    }

    #[test]
    fn an_audio_file_has_no_video_stream() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("sound.wav");
        write_wav(&path);

        let error = sample_video(&path, &SampleOptions::default()).expect_err("audio only");

        assert!(
            matches!(error, SampleError::NoVideoStream { .. }),
            "{error:?}"
        );
        assert!(error.to_string().contains(&path.display().to_string()));
    }

    #[test]
    fn a_recording_without_frames_is_refused_by_name() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("empty.mp4");
        record(&path, 64, 36, 0);

        let error = sample_video(&path, &SampleOptions::default()).expect_err("empty");

        assert!(
            matches!(
                error,
                SampleError::NoVideoStream { .. } | SampleError::Empty { .. }
            ),
            "{error:?}"
        );
        assert!(error.to_string().contains(&path.display().to_string()));
    }

    #[test]
    fn data_url_has_the_jpeg_prefix_and_round_trips() {
        let jpeg = encode_jpeg(&RgbImage::from_pixel(8, 8, Rgb([200, 30, 90])), 85).expect("jpeg");

        let url = data_url(&jpeg);

        let encoded = url
            .strip_prefix("data:image/jpeg;base64,")
            .expect("the JPEG data URL prefix");
        let decoded = base64::engine::general_purpose::STANDARD
            .decode(encoded)
            .expect("base64");
        assert_eq!(decoded, jpeg);
    }
}
