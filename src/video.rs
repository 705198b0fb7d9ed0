//! Episode video recording: RGB frames in, a browser-playable MP4 out.
//!
//! [`VideoRecorder`] encodes each frame as it is pushed (H.264 through
//! libx264, yuv420p, constant quality) into a temporary file next to the
//! destination, and [`VideoRecorder::finish`] flushes the encoder, writes the
//! MP4 trailer with the `moov` atom moved to the front (`+faststart`) and
//! renames the file into place. A recorder dropped without `finish` removes
//! its temporary file, so the destination path never holds a half-written
//! video.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::atomic::TempFile;

use ffmpeg::format::Pixel;
use ffmpeg::software::scaling;
use ffmpeg::{codec, encoder, format, frame, Dictionary, Packet, Rational};
use ffmpeg_next as ffmpeg;
use image::RgbImage;

/// The encoder used for every recording.
const ENCODER_NAME: &str = "libx264";
/// libx264 constant-quality factor: visually clean, small files.
const CONSTANT_RATE_FACTOR: &str = "23";
/// libx264 speed preset: the cheapest, so encoding costs the episode
/// loop as little as possible (about 1 ms per 640×360 frame; files are
/// about twice the size `veryfast` makes).
const PRESET: &str = "ultrafast";
/// Seconds between keyframes, so a browser can seek.
const KEYFRAME_INTERVAL_S: u32 = 2;

/// What went wrong while recording, and for which file.
#[derive(Debug, thiserror::Error)]
pub enum VideoError {
    /// Width and height must be positive and even (yuv420p halves both).
    #[error("video {path}: size {width}x{height} is not allowed (width and height must be positive even numbers)")]
    InvalidSize {
        path: PathBuf,
        width: u32,
        height: u32,
    },
    /// The frame rate must be positive.
    #[error("video {path}: frame rate must be positive")]
    InvalidFrameRate { path: PathBuf },
    /// FFmpeg could not be initialised, or this build lacks the H.264 encoder.
    #[error("video {path}: ffmpeg is unusable: {reason}")]
    Unavailable { path: PathBuf, reason: String },
    /// The temporary file could not be created in the destination directory.
    #[error("video {path}: cannot create a file in {}: {source}", dir.display())]
    CreateFile {
        path: PathBuf,
        dir: PathBuf,
        source: io::Error,
    },
    /// A pushed frame does not have the recording's size.
    #[error(
        "video {path}: frame is {frame_width}x{frame_height}, the recording is {width}x{height}"
    )]
    FrameSize {
        path: PathBuf,
        frame_width: u32,
        frame_height: u32,
        width: u32,
        height: u32,
    },
    /// An FFmpeg call failed; `stage` says which step.
    #[error("video {path}: {stage} failed: {source}")]
    Ffmpeg {
        path: PathBuf,
        stage: &'static str,
        source: ffmpeg::Error,
    },
    /// The finished file could not be renamed into place.
    #[error("video {path}: cannot move the finished file into place: {source}")]
    Rename { path: PathBuf, source: io::Error },
}

/// Streams RGB frames into an H.264 MP4 file; see the module documentation.
pub struct VideoRecorder {
    path: PathBuf,
    width: u32,
    height: u32,
    frames: u64,
    rgb: frame::Video,
    scaler: scaling::Context,
    encoder: encoder::Video,
    encoder_time_base: Rational,
    stream_time_base: Rational,
    output: format::context::Output,
    // Declared last so it is dropped after `output` has closed the file.
    temp: TempFile,
}

// SAFETY: a recorder owns its FFmpeg contexts exclusively (nothing else
// holds the raw pointers), so moving it to another thread moves them
// whole; FFmpeg contexts may be used from any thread, one at a time, and
// `&mut self` on every method ensures that. The `*mut SwsContext` inside
// the scaler is what makes the type `!Send` by default.
unsafe impl Send for VideoRecorder {}

impl VideoRecorder {
    /// Starts a recording of `width`×`height` frames at `fps` frames per
    /// second, to be moved to `path` by [`finish`](Self::finish).
    pub fn create(path: &Path, width: u32, height: u32, fps: u32) -> Result<Self, VideoError> {
        let path = path.to_path_buf();
        if width == 0 || height == 0 || width % 2 != 0 || height % 2 != 0 {
            return Err(VideoError::InvalidSize {
                path,
                width,
                height,
            });
        }
        if fps == 0 {
            return Err(VideoError::InvalidFrameRate { path });
        }
        initialise_ffmpeg().map_err(|reason| VideoError::Unavailable {
            path: path.clone(),
            reason,
        })?;
        let codec = encoder::find_by_name(ENCODER_NAME).ok_or_else(|| VideoError::Unavailable {
            path: path.clone(),
            reason: format!("this FFmpeg build has no {ENCODER_NAME} encoder"),
        })?;
        let (temp, file) =
            TempFile::create_beside(&path).map_err(|source| VideoError::CreateFile {
                dir: path
                    .parent()
                    .filter(|p| !p.as_os_str().is_empty())
                    .unwrap_or(Path::new("."))
                    .to_path_buf(),
                path: path.clone(),
                source,
            })?;
        // FFmpeg opens the file by name.
        drop(file);
        let fail = |stage: &'static str| {
            let path = path.clone();
            move |source| VideoError::Ffmpeg {
                path,
                stage,
                source,
            }
        };

        let mut output =
            format::output_as(temp.path(), "mp4").map_err(fail("opening the MP4 output"))?;
        let needs_global_header = output
            .format()
            .flags()
            .contains(format::Flags::GLOBAL_HEADER);

        let encoder_time_base = Rational::new(1, fps as i32);
        let mut settings = codec::Context::new_with_codec(codec)
            .encoder()
            .video()
            .map_err(fail("creating the video encoder"))?;
        settings.set_width(width);
        settings.set_height(height);
        settings.set_format(Pixel::YUV420P);
        settings.set_time_base(encoder_time_base);
        settings.set_frame_rate(Some(Rational::new(fps as i32, 1)));
        settings.set_gop(KEYFRAME_INTERVAL_S * fps);
        // swscale converts with the BT.601 matrix into limited range; say so.
        settings.set_colorspace(ffmpeg::color::Space::BT470BG);
        settings.set_color_range(ffmpeg::color::Range::MPEG);
        if needs_global_header {
            settings.set_flags(codec::Flags::GLOBAL_HEADER);
        }
        let mut options = Dictionary::new();
        options.set("preset", PRESET);
        options.set("crf", CONSTANT_RATE_FACTOR);
        // One encoder thread: it runs beside the episode's renderer (which
        // uses every core) and, with `--jobs`, beside other encoders; more
        // threads only add hand-offs.
        options.set("threads", "1");
        let encoder = settings
            .open_as_with(codec, options)
            .map_err(fail("opening the libx264 encoder"))?;

        let mut stream = output
            .add_stream(codec)
            .map_err(fail("adding the video stream"))?;
        stream.set_parameters(&encoder);
        stream.set_time_base(encoder_time_base);
        stream.set_avg_frame_rate(Rational::new(fps as i32, 1));
        stream.set_rate(Rational::new(fps as i32, 1));

        let mut muxer_options = Dictionary::new();
        muxer_options.set("movflags", "+faststart");
        output
            .write_header_with(muxer_options)
            .map_err(fail("writing the MP4 header"))?;
        // The muxer picks its own stream time base while writing the header.
        let stream_time_base = output
            .stream(0)
            .map(|stream| stream.time_base())
            .unwrap_or(encoder_time_base);

        let scaler = scaling::Context::get(
            Pixel::RGB24,
            width,
            height,
            Pixel::YUV420P,
            width,
            height,
            scaling::Flags::BILINEAR,
        )
        .map_err(fail("creating the RGB to YUV converter"))?;

        Ok(Self {
            path,
            width,
            height,
            frames: 0,
            rgb: frame::Video::new(Pixel::RGB24, width, height),
            scaler,
            encoder,
            encoder_time_base,
            stream_time_base,
            output,
            temp,
        })
    }

    /// The path the finished video will have.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// How many frames have been encoded so far.
    pub fn frame_count(&self) -> u64 {
        self.frames
    }

    /// Encodes one frame. A frame of the wrong size is refused with an error
    /// and leaves the recording as it was.
    pub fn push(&mut self, image: &RgbImage) -> Result<(), VideoError> {
        if image.width() != self.width || image.height() != self.height {
            return Err(VideoError::FrameSize {
                path: self.path.clone(),
                frame_width: image.width(),
                frame_height: image.height(),
                width: self.width,
                height: self.height,
            });
        }
        self.copy_into_rgb_frame(image);
        // A fresh destination frame each time: the encoder may still hold a
        // reference to the previous one.
        let mut yuv = frame::Video::empty();
        self.scaler
            .run(&self.rgb, &mut yuv)
            .map_err(self.fail("converting RGB to YUV"))?;
        yuv.set_pts(Some(self.frames as i64));
        self.encoder
            .send_frame(&yuv)
            .map_err(self.fail("encoding a frame"))?;
        self.frames += 1;
        self.write_ready_packets()
    }

    /// Flushes the encoder, finishes the MP4 and moves it to its path.
    /// Returns the number of frames in the video.
    pub fn finish(mut self) -> Result<u64, VideoError> {
        self.encoder
            .send_eof()
            .map_err(self.fail("flushing the encoder"))?;
        self.write_ready_packets()?;
        self.output
            .write_trailer()
            .map_err(self.fail("writing the MP4 trailer"))?;
        let Self {
            path,
            frames,
            output,
            temp,
            ..
        } = self;
        // Closes the file before it is renamed.
        drop(output);
        temp.persist(&path)
            .map_err(|source| VideoError::Rename { path, source })?;
        Ok(frames)
    }

    fn copy_into_rgb_frame(&mut self, image: &RgbImage) {
        let row_bytes = self.width as usize * 3;
        let stride = self.rgb.stride(0);
        let destination = self.rgb.data_mut(0);
        for (row, source) in image.as_raw().chunks_exact(row_bytes).enumerate() {
            destination[row * stride..row * stride + row_bytes].copy_from_slice(source);
        }
    }

    fn write_ready_packets(&mut self) -> Result<(), VideoError> {
        let mut packet = Packet::empty();
        loop {
            match self.encoder.receive_packet(&mut packet) {
                Ok(()) => {}
                Err(ffmpeg::Error::Eof) => return Ok(()),
                Err(ffmpeg::Error::Other { errno }) if errno == ffmpeg::util::error::EAGAIN => {
                    return Ok(())
                }
                Err(source) => return Err(self.fail("receiving an encoded packet")(source)),
            }
            packet.set_stream(0);
            packet.rescale_ts(self.encoder_time_base, self.stream_time_base);
            packet
                .write_interleaved(&mut self.output)
                .map_err(self.fail("writing a packet"))?;
        }
    }

    fn fail(&self, stage: &'static str) -> impl FnOnce(ffmpeg::Error) -> VideoError {
        let path = self.path.clone();
        move |source| VideoError::Ffmpeg {
            path,
            stage,
            source,
        }
    }
}

/// Sets FFmpeg up once per process, with its own logging limited to errors.
pub(crate) fn initialise_ffmpeg() -> Result<(), String> {
    static INITIALISED: OnceLock<Result<(), String>> = OnceLock::new();
    INITIALISED
        .get_or_init(|| {
            ffmpeg::init().map_err(|error| error.to_string())?;
            ffmpeg::util::log::set_level(ffmpeg::util::log::Level::Error);
            Ok(())
        })
        .clone()
}
