package client

import (
	"errors"
	"fmt"
	"net/http"
)

// streamKind is the kind of the outermost StreamError in err, 0 when none.
func streamKind(err error) StreamErrorKind {
	var e *StreamError
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}

// isPermanent reports whether err is a refusal that retrying will not cure: a
// 4xx error frame but 429, or a redirect off the host's origin.
func isPermanent(err error) bool {
	var re *RedirectError
	if errors.As(err, &re) {
		return true // a redirect off the host's origin is refused every time
	}
	var e *Error
	if isNotSSE(err) || !errors.As(err, &e) {
		return false
	}
	return e.Status >= 400 && e.Status < 500 && e.Status != http.StatusTooManyRequests
}

func isNotSSE(err error) bool { return streamKind(err) == StreamNotSSE }

// errBackwards is the cause of a bad seq that went backwards.
var errBackwards = errors.New("it goes backwards")

// seqError is what an inspect said of a seq ahead of the cursor.
type seqError struct {
	host   int64 // the session's cursor, as the inspect said
	beyond bool  // the seq is beyond it
	cause  error // why the inspect failed, if it did
}

func (e *seqError) Error() string {
	switch {
	case e.cause != nil:
		return fmt.Sprintf("events may have been skipped; the inspect that checks it failed: %v", e.cause)
	case e.beyond:
		return fmt.Sprintf("the session's cursor is %d: the event is not the session's", e.host)
	}
	return fmt.Sprintf("the session's cursor is %d: events before it were skipped; resuming", e.host)
}

func (e *seqError) Unwrap() error { return e.cause }
