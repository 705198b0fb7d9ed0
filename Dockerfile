# mcu as an AgentBeats green agent: `mcu serve` on the port the platform
# gives, its card at /.well-known/agent-card.json (curl is here for the
# platform's health check). The task suite is baked in at /opt/mcu/benchmark.
#
#   docker build -t mcu .
#   docker run -p 9009:9009 -e OPENAI_API_KEY mcu --host 0.0.0.0 --port 9009 --card-url http://HOST:9009/

FROM rust:1-bookworm AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends pkg-config clang \
      libavcodec-dev libavformat-dev libavutil-dev libswscale-dev libavfilter-dev libavdevice-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN cargo build --release --locked --bin mcu

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
      libavcodec59 libavformat59 libavutil57 libswscale6 \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/target/release/mcu /usr/local/bin/mcu
COPY benchmark /opt/mcu/benchmark
ENV MCU_TASKS=/opt/mcu/benchmark
WORKDIR /data
EXPOSE 9009
ENTRYPOINT ["mcu", "serve"]
CMD ["--host", "0.0.0.0", "--port", "9009"]
