package lz

import (
	"encoding/binary"
	"errors"
)

var (
	errHeader  = errors.New("lz: malformed block header")
	errTooLong = errors.New("lz: declared length too large")
	errCorrupt = errors.New("lz: corrupt block")
)

// header returns the declared length of the block src and the size of the
// header holding it.
func header(src []byte) (n, size int, err error) {
	v, size := binary.Uvarint(src)
	if size <= 0 {
		return 0, 0, errHeader
	}
	// Each compressed byte yields at most 255 decoded bytes.
	if v > maxDecodedLen || v > 255*uint64(len(src))+16 {
		return 0, 0, errTooLong
	}
	return int(v), size, nil
}

// DecodedLen returns the length of the data the block src decodes to, read
// from its header, or an error when the header is malformed or declares an
// impossible length.
func DecodedLen(src []byte) (int, error) {
	n, _, err := header(src)
	return n, err
}

// Decode decodes the block src into dst, growing it when its capacity is
// short and overwriting its contents, and returns dst[:n]. A corrupt or
// truncated block is reported as an error; Decode never writes past the
// declared length.
func Decode(dst, src []byte) ([]byte, error) {
	n, s, err := header(src)
	if err != nil {
		return nil, err
	}
	if cap(dst) < n {
		dst = make([]byte, n)
	}
	dst = dst[:n]
	d := 0
	for d < n {
		if s >= len(src) {
			return nil, errCorrupt
		}
		tok := int(src[s])
		s++
		lit := tok >> 4
		if lit == 15 {
			if lit, s, err = readLen(src, s, lit, n); err != nil {
				return nil, err
			}
		}
		if lit <= 16 && s+16 <= len(src) && d+16 <= n {
			// Copy 16 bytes at once; the excess is overwritten later.
			binary.LittleEndian.PutUint64(dst[d:], binary.LittleEndian.Uint64(src[s:]))
			binary.LittleEndian.PutUint64(dst[d+8:], binary.LittleEndian.Uint64(src[s+8:]))
		} else {
			if lit > len(src)-s || lit > n-d {
				return nil, errCorrupt
			}
			copy(dst[d:d+lit], src[s:])
		}
		d += lit
		s += lit
		if d >= n {
			break
		}
		if s+2 > len(src) {
			return nil, errCorrupt
		}
		off := int(src[s]) | int(src[s+1])<<8
		s += 2
		ml := tok & 15
		if ml == 15 {
			if ml, s, err = readLen(src, s, ml, n); err != nil {
				return nil, err
			}
		}
		ml += minMatch
		if off == 0 || off > d || ml > n-d {
			return nil, errCorrupt
		}
		switch {
		case off >= 8 && ml <= 16 && d+16 <= n:
			// Two 8-byte copies; each reads only bytes already written.
			binary.LittleEndian.PutUint64(dst[d:], binary.LittleEndian.Uint64(dst[d-off:]))
			binary.LittleEndian.PutUint64(dst[d+8:], binary.LittleEndian.Uint64(dst[d-off+8:]))
		case off >= ml:
			copy(dst[d:d+ml], dst[d-off:])
		default:
			// Overlapping match: the copied span doubles each round and
			// stays a whole number of periods long.
			start, end := d-off, d+ml
			for i := d; i < end; {
				i += copy(dst[i:end], dst[start:i])
			}
		}
		d += ml
	}
	if s != len(src) {
		return nil, errCorrupt
	}
	return dst, nil
}

// readLen adds the extension bytes at src[s:] to the length v, which may not
// exceed limit.
func readLen(src []byte, s, v, limit int) (int, int, error) {
	for {
		if s >= len(src) {
			return 0, 0, errCorrupt
		}
		b := src[s]
		s++
		v += int(b)
		if v > limit {
			return 0, 0, errCorrupt
		}
		if b != 255 {
			return v, s, nil
		}
	}
}
