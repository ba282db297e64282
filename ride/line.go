package ride

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sophia-labs/vehicle/client"
)

// MaxLine bounds one request line: a 64 KiB text escaped as \uXXXX is six
// times longer, and the rest of the request is small.
const MaxLine = 1 << 20

// Ride-side error codes: failures the host never answered.
const (
	CodeUnreachable = "unreachable" // no answer from the host after retries, or none within the deadline
	CodeInterrupted = "interrupted" // the ride was stopped before the answer came
)

// knownOp reports whether the ride takes an op name.
func knownOp(op string) bool {
	switch op {
	case client.OpClaim, client.OpRelease, client.OpPrompt, client.OpFollowUp, client.OpSteer,
		client.OpAbort, client.OpCancel, client.OpShutdown, client.OpFork, client.OpClone,
		client.OpChime, client.OpSetRoomPolicy, client.OpAcceptChime, client.OpRejectChime,
		client.OpInspect, client.OpCapsule, client.OpWatch, client.OpAccount, client.OpRename, client.OpDelete:
		return true
	}
	return false
}

// opNames lists the ops for messages.
const opNames = "claim, release, prompt, follow_up, steer, abort, cancel, shutdown, fork, clone, chime, " +
	"set_room_policy, accept_chime, reject_chime, inspect, capsule, watch, rename, delete, account"

// rideRequest is one parsed request line.
type rideRequest struct {
	Op        string
	RequestID string
	Fields    map[string]json.RawMessage // every field of the line but op
}

// lineError is a line the ride answers itself, without asking the host.
type lineError struct {
	Code      string
	Message   string
	RequestID string
}

// Error returns the message.
func (e *lineError) Error() string { return e.Message }

// frame renders the refusal as an error frame.
func (e *lineError) frame() client.Frame {
	return client.Frame{Protocol: client.Protocol, Type: client.TypeError, RequestID: e.RequestID,
		Code: e.Code, Message: e.Message}
}

// parseLine reads one request line: a JSON object with a string op the ride
// knows and a non-empty string requestId. A line that is not JSON is
// invalid_json; any other fault is invalid_request, carrying the requestId
// when one could be read. The op's own fields are left for the host to check.
func parseLine(line []byte) (rideRequest, *lineError) {
	line = bytes.TrimSpace(line)
	if !isJSON(line) {
		return rideRequest{}, &lineError{Code: client.CodeInvalidJSON,
			Message: "the line is not JSON: send one JSON object per line, like {\"op\":\"inspect\",\"requestId\":\"r1\"}"}
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(line, &fields); err != nil || fields == nil {
		return rideRequest{}, &lineError{Code: client.CodeInvalidRequest,
			Message: "a request is a JSON object, like {\"op\":\"inspect\",\"requestId\":\"r1\"}"}
	}
	req := rideRequest{Fields: fields}
	if err := json.Unmarshal(fields["requestId"], &req.RequestID); err != nil || strings.TrimSpace(req.RequestID) == "" {
		req.RequestID = ""
		return req, &lineError{Code: client.CodeInvalidRequest,
			Message: "the request has no requestId: give every request a non-empty string requestId"}
	}
	if err := json.Unmarshal(fields["op"], &req.Op); err != nil || req.Op == "" {
		return req, &lineError{Code: client.CodeInvalidRequest, RequestID: req.RequestID,
			Message: "the request has no op: give a string op, one of " + opNames}
	}
	if !knownOp(req.Op) {
		return req, &lineError{Code: client.CodeInvalidRequest, RequestID: req.RequestID,
			Message: fmt.Sprintf("unknown op %q: use one of %s", req.Op, opNames)}
	}
	delete(req.Fields, "op")
	return req, nil
}

// inputLine is one line of the input, or a line too long to take.
type inputLine struct {
	data    []byte
	tooLong bool
}

// readLines sends the input's lines on out until the end of the input (then
// it closes out) or until done is closed. Blank lines are skipped.
func readLines(in io.Reader, out chan<- inputLine, done <-chan struct{}, logf func(string, ...any)) {
	br := bufio.NewReaderSize(in, 64<<10)
	for {
		data, tooLong, err := readLine(br)
		if tooLong || len(bytes.TrimSpace(data)) > 0 {
			select {
			case out <- inputLine{data: data, tooLong: tooLong}:
			case <-done:
				return
			}
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				logf("reading the input failed (%v): ending the ride as at its end", err)
			}
			close(out)
			return
		}
	}
}

// readLine reads up to the next newline. A line over MaxLine is skipped to
// its end and reported as tooLong.
func readLine(br *bufio.Reader) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > MaxLine {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return line, tooLong, err
	}
}

// tooLongError answers a line over MaxLine.
func tooLongError() *lineError {
	return &lineError{Code: client.CodeInvalidRequest,
		Message: fmt.Sprintf("the line is longer than %d bytes: a text is at most 64 KiB", MaxLine)}
}
