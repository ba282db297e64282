package client

import (
	"errors"
	"net/http"

	"github.com/sophia-labs/vehicle/client/internal/snapshot"
)

// maxSnapshot is the longest snapshot answer read (other answers: 64 MiB).
const maxSnapshot = 256 << 20

// span is the bounds of a JSON value in a snapshot's answer.
type span = snapshot.Span

// packedValue is what a snapshot's answer read a piece at a time holds: the
// answer in blocks, and where its arrays' elements lie.
type packedValue struct {
	store  *snapshot.Answer
	arrays *snapshot.Arrays
}

// packedSink receives what a packed read found, for the frame it answers.
type packedSink struct{ pv *packedValue }

// readPackedAnswer reads a snapshot's answer a piece at a time
// (snapshot.Read) and parses it, leaving what it found in cl.sink. A read
// that fails is a lost answer, but one past the limit is not.
func readPackedAnswer(cl call, resp *http.Response) (*Frame, error) {
	skel, answer, arrays, err := snapshot.Read(resp.Body, maxSnapshot, snapshot.Block)
	var tooLong *snapshot.TooLongError
	if errors.As(err, &tooLong) {
		return nil, err
	}
	if err != nil {
		return nil, &TransportError{Method: cl.method, URL: cl.url, Status: resp.StatusCode, Err: err}
	}
	f, pv, err := parseRead(cl, resp.StatusCode, skel, answer, arrays)
	cl.sink.pv = pv
	return f, err
}

// parseRead is parseAnswer for what snapshot.Read read: the frame decoded
// from skel, and, when it is a frame with a value, what it found of the
// value's arrays. Anything else (a refusal, an answer that is not a frame)
// is parsed from the whole answer, as an answer read whole is, and pv is nil.
func parseRead(cl call, status int, skel []byte, answer *snapshot.Answer, arrays *snapshot.Arrays) (*Frame, *packedValue, error) {
	f, err := parseAnswer(cl, status, skel)
	if arrays == nil {
		return f, nil, err
	}
	if err != nil || f.Type == "" || len(f.Value) == 0 {
		f, err := parseAnswer(cl, status, answer.Whole())
		return f, nil, err
	}
	return f, &packedValue{store: answer, arrays: arrays}, nil
}
