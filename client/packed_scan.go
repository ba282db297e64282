package client

import (
	"bytes"
	"errors"
)

// packScan reads a snapshot's JSON a piece at a time, as it arrives. It finds
// the elements of the snapshot's transcript and commands arrays (the fields
// of the object at depth base: 1 for a snapshot, 2 for a frame whose value is
// one) and copies every other byte to skel, the answer with those arrays left
// empty, which is small and decoded as a whole. Like skipValue it checks only
// the nesting and the strings' ends; what is inside an element is checked
// when the element is decoded.
type packScan struct {
	base  int
	off   uint32 // the answer's offset of the next piece
	depth int
	inStr bool
	esc   bool // the string's next byte is escaped

	keyAt   int // the depth whose key the string being read is, or 0
	key     [3][]byte
	obj     [3]bool // the container at that depth is an object
	wantKey [3]bool
	colon   [3]bool // a colon was read and the value has not started

	target    int // 0, or inside the array arrTranscript or arrCommands at depth base+1
	elem      int // the element being read: 0 none, or elemOther, elemString
	elemStart uint32
	comma     int // inside a target: 0 after '[', 1 after an element, 2 after ','

	arrays  [2][]span // the elements of each array
	found   [2]bool   // each array was found
	skel    []byte
	inSkel  bool // the next piece's bytes go to skel until a target starts
	valueAt int  // where the frame's value starts, in skel as in the answer (no array is left out before it)

	onElem func(end uint32) // called with each element's end, for cutting blocks
	err    error
	errIn  int // the target err was found in, or 0
}

// The arrays packScan takes out of the snapshot, and its elements' kinds.
const (
	arrTranscript = 1
	arrCommands   = 2
	elemOther     = 1
	elemString    = 2
)

// errElements says an array's elements could not be told apart.
var errElements = errors.New("its elements are not separated by single commas")

func newPackScan(base int) *packScan {
	return &packScan{base: base, inSkel: true, skel: make([]byte, 0, 4096)}
}

// feed scans the next piece of the answer.
func (s *packScan) feed(b []byte) {
	from := 0
	if !s.inSkel {
		from = -1
	}
	for i := 0; i < len(b) && s.err == nil; i++ {
		if s.inStr {
			i = s.str(b, i) - 1
			continue
		}
		switch c := b[i]; c {
		case ' ', '\t', '\n', '\r':
			if s.elem == elemOther && s.inTarget() {
				s.endElem(i)
			}
		case '"':
			s.value(c, i)
			s.keyAt = 0
			if d := s.depth; d >= 1 && d <= s.base && s.obj[d] && s.wantKey[d] {
				s.keyAt, s.wantKey[d], s.key[d] = d, false, s.key[d][:0]
			}
			s.inStr = true
		case '{', '[':
			if s.value(c, i) {
				s.skel = append(s.skel, b[from:i+1]...)
				from = -1
			}
			s.depth++
			if d := s.depth; d <= s.base {
				s.obj[d], s.wantKey[d], s.colon[d] = c == '{', c == '{', false
			}
		case '}', ']':
			if s.inTarget() {
				if c != ']' || s.comma == 2 {
					s.fail(errElements)
					break
				}
				if s.elem == elemOther {
					s.endElem(i)
				}
				s.target, from = 0, i
			}
			if s.depth--; s.depth < 0 {
				s.fail(errNotJSON)
			} else if s.elem != 0 && s.inTarget() {
				s.endElem(i + 1)
			}
		case ',':
			if s.inTarget() {
				if s.elem == elemOther {
					s.endElem(i)
				}
				if s.comma != 1 {
					s.fail(errElements)
				}
				s.comma = 2
			} else if d := s.depth; d >= 1 && d <= s.base && s.obj[d] {
				s.wantKey[d] = true
			}
		case ':':
			if s.inTarget() {
				s.fail(errElements)
			} else if d := s.depth; d >= 1 && d <= s.base {
				s.colon[d] = true
			}
		default:
			s.value(c, i)
		}
	}
	if from >= 0 && s.err == nil {
		s.skel = append(s.skel, b[from:]...)
	}
	s.inSkel = s.target == 0
	s.off += uint32(len(b))
}

// str scans a string from b[i] (just past its opening quote, or where the
// last piece ended inside it) and returns the index just past it, or
// len(b) when it goes on in the next piece.
func (s *packScan) str(b []byte, i int) int {
	start := i
	if s.esc {
		s.esc, i = false, i+1
	}
	for i < len(b) {
		k := bytes.IndexByte(b[i:], '"')
		if k < 0 {
			s.esc = trailingBackslashes(b[i:])%2 == 1
			s.takeKey(b[start:])
			return len(b)
		}
		j := i + k
		if trailingBackslashes(b[i:j])%2 == 1 {
			i = j + 1
			continue
		}
		s.takeKey(b[start:j])
		s.inStr = false
		if s.elem == elemString && s.inTarget() && s.depth == s.base+1 {
			s.endElem(j + 1)
		}
		return j + 1
	}
	return len(b)
}

// trailingBackslashes is how many backslashes b ends with.
func trailingBackslashes(b []byte) int {
	n := 0
	for n < len(b) && b[len(b)-1-n] == '\\' {
		n++
	}
	return n
}

// takeKey adds part of a key being read (one longer than any the scan looks
// for is cut, and matches none of them).
func (s *packScan) takeKey(part []byte) {
	if s.keyAt == 0 {
		return
	}
	k := s.key[s.keyAt]
	s.key[s.keyAt] = append(k, part[:min(len(part), 17-len(k))]...)
}

// inTarget reports whether the scan is directly inside an array it takes.
func (s *packScan) inTarget() bool { return s.target != 0 && s.depth == s.base+1 }

// value notes that a value starts with byte c (or goes on, for a number or
// a word) at b[i]: an element of a target, or a field's value. It reports
// whether it is a target array, which starts with c.
func (s *packScan) value(c byte, i int) bool {
	if s.inTarget() {
		if s.elem == 0 {
			if s.comma == 1 {
				s.fail(errElements)
			}
			s.elem = elemOther
			if c == '"' {
				s.elem = elemString
			}
			s.elemStart = s.off + uint32(i)
		}
		return false
	}
	d := s.depth
	if d < 1 || d > s.base {
		return false
	}
	colon := s.colon[d]
	s.colon[d] = false
	if d == 1 && s.base == 2 && colon && string(s.key[1]) == "value" {
		s.valueAt = int(s.off) + i
	}
	if c != '[' || d != s.base || !colon || !s.obj[d] || s.base == 2 && string(s.key[1]) != "value" {
		return false
	}
	switch string(s.key[d]) {
	case "transcript":
		s.target = arrTranscript
	case "commands":
		s.target = arrCommands
	default:
		return false
	}
	s.found[s.target-1] = true
	s.arrays[s.target-1] = s.arrays[s.target-1][:0] // the last one named wins, as in json.Unmarshal
	s.comma, s.elem = 0, 0
	return true
}

// endElem ends the element being read at b[i].
func (s *packScan) endElem(i int) {
	end := s.off + uint32(i)
	a := &s.arrays[s.target-1]
	*a = append(*a, span{s.elemStart, end})
	s.elem, s.comma = 0, 1
	if s.onElem != nil {
		s.onElem(end)
	}
}

// fail stops the scan at its first error.
func (s *packScan) fail(err error) {
	if s.err == nil {
		s.err, s.errIn = err, s.target
	}
}

// finish ends the scan: an answer cut short is an error.
func (s *packScan) finish() error {
	if s.err == nil && (s.depth != 0 || s.inStr || s.target != 0) {
		s.fail(errNotJSON)
	}
	return s.err
}
