"""A small baseline JPEG encoder using only the standard library.

Used by bench_client.py to make a deterministic observation frame of any size
without Pillow or a binary fixture. Baseline sequential DCT, YCbCr 4:4:4,
8-bit, Huffman tables built per image (JPEG allows any tables in DHT).

    python tiny_jpeg.py 128 out.jpg     # write a test frame
"""

from __future__ import annotations

import heapq
import math
import struct
import sys
from collections import Counter
from collections.abc import Callable

# Annex K.1 example quantization tables, natural (row-major) order.
_LUMA_Q = [
    16, 11, 10, 16, 24, 40, 51, 61,
    12, 12, 14, 19, 26, 58, 60, 55,
    14, 13, 16, 24, 40, 57, 69, 56,
    14, 17, 22, 29, 51, 87, 80, 62,
    18, 22, 37, 56, 68, 109, 103, 77,
    24, 35, 55, 64, 81, 104, 113, 92,
    49, 64, 78, 87, 103, 121, 120, 101,
    72, 92, 95, 98, 112, 100, 103, 99,
]
_CHROMA_Q = [99] * 64
for _r, _row in enumerate([[17, 18, 24, 47], [18, 21, 26, 66], [24, 26, 56], [47, 66]]):
    for _c, _v in enumerate(_row):
        _CHROMA_Q[_r * 8 + _c] = _v


def _zigzag() -> list[int]:
    """ZIGZAG[k] = natural index of the k-th coefficient in zigzag order."""
    order = []
    for s in range(15):
        cells = [(r, s - r) for r in range(8) if 0 <= s - r < 8]
        if s % 2 == 0:
            cells.reverse()  # even diagonals run bottom-left to top-right
        order += [r * 8 + c for r, c in cells]
    return order


ZIGZAG = _zigzag()
# DCT basis: _M[u][x] = c(u)/2 * cos((2x+1) u pi / 16)
_M = [
    [(math.sqrt(0.5) if u == 0 else 1.0) / 2 * math.cos((2 * x + 1) * u * math.pi / 16) for x in range(8)]
    for u in range(8)
]


def _scaled_table(table: list[int], quality: int) -> list[int]:
    quality = min(max(quality, 1), 100)
    scale = 5000 // quality if quality < 50 else 200 - 2 * quality
    return [min(max((q * scale + 50) // 100, 1), 255) for q in table]


def _fdct(block: list[float]) -> list[float]:
    """2-D forward DCT of one 8x8 block (row-major list of 64 samples)."""
    tmp = [0.0] * 64  # tmp = block * M^T  (rows transformed)
    for y in range(8):
        row = block[y * 8 : y * 8 + 8]
        for v in range(8):
            m = _M[v]
            tmp[y * 8 + v] = sum(row[x] * m[x] for x in range(8))
    out = [0.0] * 64  # out = M * tmp  (columns transformed)
    for u in range(8):
        m = _M[u]
        for v in range(8):
            out[u * 8 + v] = sum(m[y] * tmp[y * 8 + v] for y in range(8))
    return out


def _category(value: int) -> int:
    return abs(value).bit_length()


def _magnitude_bits(value: int, size: int) -> int:
    return value if value >= 0 else value + (1 << size) - 1


class _Huffman:
    """A length-limited (16-bit) Huffman table built from symbol counts."""

    def __init__(self, counts: Counter) -> None:
        # Symbol 256 is reserved (count 1) so no real code is all ones.
        freqs = dict(counts)
        freqs[256] = 1
        lengths = {s: 0 for s in freqs}
        heap = [(f, s, [s]) for s, f in freqs.items()]
        heapq.heapify(heap)
        while len(heap) > 1:
            f1, s1, g1 = heapq.heappop(heap)
            f2, s2, g2 = heapq.heappop(heap)
            for s in g1 + g2:
                lengths[s] += 1
            heapq.heappush(heap, (f1 + f2, min(s1, s2), g1 + g2))
        bits = [0] * 33
        for s in lengths:
            bits[lengths[s]] += 1
        # Annex K.3: move codes longer than 16 bits up the tree.
        for i in range(32, 16, -1):
            while bits[i] > 0:
                j = i - 2
                while bits[j] == 0:
                    j -= 1
                bits[i] -= 2
                bits[i - 1] += 1
                bits[j + 1] += 2
                bits[j] -= 1
        longest = max(i for i in range(17) if bits[i])
        bits[longest] -= 1  # drop the reserved symbol, which sorts last
        self.values = sorted((s for s in lengths if s != 256), key=lambda s: (lengths[s], s))
        self.bits = bits[1:17]
        self.codes: dict[int, tuple[int, int]] = {}
        code, k = 0, 0
        for length in range(1, 17):
            for _ in range(self.bits[length - 1]):
                self.codes[self.values[k]] = (code, length)
                code += 1
                k += 1
            code <<= 1

    def segment(self, table_class: int, table_id: int) -> bytes:
        body = bytes([table_class << 4 | table_id]) + bytes(self.bits) + bytes(self.values)
        return b"\xff\xc4" + struct.pack(">H", len(body) + 2) + body


class _BitWriter:
    def __init__(self) -> None:
        self.out = bytearray()
        self.acc = 0
        self.n = 0

    def write(self, value: int, length: int) -> None:
        self.acc = (self.acc << length) | (value & ((1 << length) - 1))
        self.n += length
        while self.n >= 8:
            self.n -= 8
            byte = (self.acc >> self.n) & 0xFF
            self.out.append(byte)
            if byte == 0xFF:
                self.out.append(0x00)  # byte stuffing
        self.acc &= (1 << self.n) - 1

    def flush(self) -> bytes:
        if self.n:
            self.write((1 << (8 - self.n)) - 1, 8 - self.n)  # pad with 1-bits
        return bytes(self.out)


def encode_jpeg(width: int, height: int, pixel: Callable[[int, int], tuple[int, int, int]], quality: int = 75) -> bytes:
    """Encode an RGB image given as pixel(x, y) -> (r, g, b) into baseline JPEG bytes."""
    planes: list[list[float]] = [[], [], []]
    pw, ph = -(-width // 8) * 8, -(-height // 8) * 8  # padded by edge replication
    for y in range(ph):
        for x in range(pw):
            r, g, b = pixel(min(x, width - 1), min(y, height - 1))
            planes[0].append(0.299 * r + 0.587 * g + 0.114 * b - 128)
            planes[1].append(-0.168736 * r - 0.331264 * g + 0.5 * b)
            planes[2].append(0.5 * r - 0.418688 * g - 0.081312 * b)
    qtables = [_scaled_table(_LUMA_Q, quality), _scaled_table(_CHROMA_Q, quality)]

    # Pass 1: quantized coefficients per MCU and component, and symbol counts.
    blocks: list[tuple[int, list[int]]] = []  # (component, zigzag coefficients)
    for by in range(0, ph, 8):
        for bx in range(0, pw, 8):
            for comp in range(3):
                plane = planes[comp]
                block = [plane[(by + r) * pw + bx + c] for r in range(8) for c in range(8)]
                coeffs = _fdct(block)
                q = qtables[0 if comp == 0 else 1]
                blocks.append((comp, [round(coeffs[i] / q[i]) for i in ZIGZAG]))
    symbols: list[tuple[int, bool, int, int, int]] = []  # (comp, is_ac, symbol, bits, size)
    pred = [0, 0, 0]
    for comp, zz in blocks:
        diff = zz[0] - pred[comp]
        pred[comp] = zz[0]
        size = _category(diff)
        symbols.append((comp, False, size, _magnitude_bits(diff, size), size))
        run = 0
        for coef in zz[1:]:
            if coef == 0:
                run += 1
                continue
            while run > 15:
                symbols.append((comp, True, 0xF0, 0, 0))
                run -= 16
            size = _category(coef)
            symbols.append((comp, True, run << 4 | size, _magnitude_bits(coef, size), size))
            run = 0
        if run:
            symbols.append((comp, True, 0x00, 0, 0))

    counts = {key: Counter() for key in [(0, False), (0, True), (1, False), (1, True)]}
    for comp, is_ac, sym, _, _ in symbols:
        counts[(min(comp, 1), is_ac)][sym] += 1
    tables = {key: _Huffman(c) for key, c in counts.items()}

    # Pass 2: entropy-coded scan.
    writer = _BitWriter()
    for comp, is_ac, sym, bits, size in symbols:
        code, length = tables[(min(comp, 1), is_ac)].codes[sym]
        writer.write(code, length)
        if size:
            writer.write(bits, size)
    scan = writer.flush()

    out = bytearray(b"\xff\xd8")
    out += b"\xff\xe0" + struct.pack(">H5sBBBHHBB", 16, b"JFIF\0", 1, 1, 0, 1, 1, 0, 0)
    for tid, table in enumerate(qtables):
        out += b"\xff\xdb" + struct.pack(">HB", 67, tid) + bytes(table[i] for i in ZIGZAG)
    out += b"\xff\xc0" + struct.pack(">HBHHB", 17, 8, height, width, 3)
    out += bytes([1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1])
    out += tables[(0, False)].segment(0, 0) + tables[(0, True)].segment(1, 0)
    out += tables[(1, False)].segment(0, 1) + tables[(1, True)].segment(1, 1)
    out += b"\xff\xda" + struct.pack(">HB", 12, 3) + bytes([1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0])
    out += scan + b"\xff\xd9"
    return bytes(out)


def test_frame(size: int) -> bytes:
    """A deterministic Minecraft-ish frame: sky, grass, a tree trunk, some texture."""

    def pixel(x: int, y: int) -> tuple[int, int, int]:
        noise = ((x * 7919 + y * 104729) ^ (x * y * 31)) % 23 - 11
        if size * 3 // 8 <= x < size * 7 // 16 and size // 4 <= y < size * 3 // 4:
            r, g, b = 110, 80, 50  # trunk
        elif y < size // 2:
            r, g, b = 120 + y // 2, 170 + y // 4, 250  # sky
        else:
            r, g, b = 70, 140 + (x % 8) * 3, 60  # grass
        return tuple(min(max(v + noise, 0), 255) for v in (r, g, b))  # type: ignore[return-value]

    return encode_jpeg(size, size, pixel)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 128
    path = sys.argv[2] if len(sys.argv) > 2 else f"frame_{n}.jpg"
    with open(path, "wb") as f:
        f.write(test_frame(n))
