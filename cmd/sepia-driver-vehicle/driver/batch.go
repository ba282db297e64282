package driver

import (
	"bytes"
	"context"
	"encoding/json"
)

// splitBatch returns the members of a batch line (already valid JSON). A
// batch with no member, or with more than max, is a -32600; reading stops at
// the first member past max, so a huge batch costs no more than max members.
func splitBatch(line []byte, max int) ([]json.RawMessage, *Error) {
	dec := json.NewDecoder(bytes.NewReader(line))
	if _, err := dec.Token(); err != nil {
		return nil, errorf(CodeParseError, "Parse error: %v", err)
	}
	var batch []json.RawMessage
	for dec.More() {
		if len(batch) == max {
			return nil, errorf(CodeInvalidRequest, "Invalid Request: the batch has more than %d entries; send at most %d per batch", max, max)
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, errorf(CodeParseError, "Parse error: %v", err)
		}
		batch = append(batch, raw)
	}
	if len(batch) == 0 {
		return nil, errorf(CodeInvalidRequest, "Invalid Request: an empty batch")
	}
	return batch, nil
}

// handleBatch runs a batch's members in order and answers them in one line
// (nil when all were notifications). Once the answers would pass
// MaxAnswerBytes, the member that did not fit is answered -32603 (it ran)
// and the members after it are not run, each answered -32603 (notifications
// after it are dropped and logged), so the line holds at most MaxAnswerBytes
// of answers plus one short error per member.
func (s *Server) handleBatch(ctx context.Context, batch []json.RawMessage) []byte {
	var answers []json.RawMessage
	size, full := 2, false
	for _, raw := range batch {
		if full {
			if a := s.notRun(raw); a != nil {
				answers = append(answers, a)
			}
			continue
		}
		a := s.handleOne(ctx, raw)
		if a.line == nil {
			continue
		}
		if size+len(a.line)+1 > s.opts.MaxAnswerBytes {
			full = true
			a.line = encodeResponse(a.id, nil, errorf(CodeInternalError,
				"Internal error: %s; its answer did not fit in the batch's answer line of at most %d bytes, and the members after it were not run",
				ranName(a.method), s.opts.MaxAnswerBytes))
		}
		size += len(a.line) + 1
		answers = append(answers, a.line)
	}
	if len(answers) == 0 {
		return nil
	}
	out, _ := marshal(answers)
	return out
}

// notRun answers a batch member left out once the answer line was full:
// -32603 with its id, the usual -32600 when it is not a valid request, nil
// for a notification (which is logged).
func (s *Server) notRun(raw json.RawMessage) []byte {
	req, answerID, rpcErr := parseRequest(raw)
	switch {
	case rpcErr != nil:
		return encodeResponse(answerID, nil, rpcErr)
	case req.notification():
		s.logf("notification %s not run: its batch's answer line was full", req.Method)
		return nil
	}
	return encodeResponse(req.ID, nil, errorf(CodeInternalError,
		"Internal error: %s not run: the batch's answer line reached its limit of %d bytes; send it again in another batch",
		req.Method, s.opts.MaxAnswerBytes))
}

// ranName says what became of a member whose answer did not fit: a
// request of method m ran; an invalid member (no method) did not.
func ranName(m string) string {
	if m == "" {
		return "this member is not a valid request"
	}
	return m + " ran: ask for it on its own"
}
