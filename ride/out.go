package ride

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/inert"
	"github.com/sophia-labs/vehicle/internal/redact"
)

// frameWriter writes frames to the ride's output, one whole line per
// frame, from any goroutine. After a failed write it writes nothing more.
type frameWriter struct {
	mu   sync.Mutex
	w    io.Writer
	buf  []byte // frames held back by hold, written by the next write or flush
	err  error
	gone chan struct{} // closed when a write fails; made by broken
}

// maxHeld is how many bytes of held frames a frameWriter keeps before it
// writes them anyway.
const maxHeld = 64 << 10

// write writes v as one line, after the frames held back, flushing a writer
// that buffers. It returns the first write error it met.
func (fw *frameWriter) write(v any) error { return fw.put(v, true) }

// hold keeps v to write with the next write or flush: the pipeline holds the
// answers that are ready one after another and writes them at once.
func (fw *frameWriter) hold(v any) error { return fw.put(v, false) }

// flush writes the frames held back.
func (fw *frameWriter) flush() error {
	fw.mu.Lock()
	defer fw.mu.Unlock()
	return fw.flushLocked()
}

// put encodes v and adds it to the frames held back, writing them when now
// is true or they are many.
func (fw *frameWriter) put(v any, now bool) error {
	fw.mu.Lock()
	defer fw.mu.Unlock()
	if fw.err != nil {
		return fw.err
	}
	var err error
	if fw.buf, err = appendLine(fw.buf, v); err != nil {
		f, _ := v.(client.Frame) // an answer's error keeps its requestId
		fw.buf, _ = appendLine(fw.buf, client.Frame{Protocol: client.Protocol, Type: client.TypeError, RequestID: f.RequestID,
			Code: client.CodeInvalidRequest, Message: "the ride could not encode a frame: " + err.Error()})
	}
	if now || len(fw.buf) >= maxHeld {
		return fw.flushLocked()
	}
	return nil
}

// flushLocked writes the frames held back. Called with mu held.
func (fw *frameWriter) flushLocked() error {
	if fw.err != nil || len(fw.buf) == 0 {
		return fw.err
	}
	if _, fw.err = fw.w.Write(fw.buf); fw.err == nil {
		if f, ok := fw.w.(interface{ Flush() error }); ok {
			fw.err = f.Flush()
		}
	}
	if fw.err != nil && fw.gone != nil {
		close(fw.gone) // once: no write is tried after a failure
	}
	fw.buf = fw.buf[:0]
	if cap(fw.buf) > 4*maxHeld { // after a long frame: do not keep its room
		fw.buf = nil
	}
	return fw.err
}

// broken is closed when a write to the output fails (its reader went
// away): whichever goroutine wrote, the ride then ends.
func (fw *frameWriter) broken() <-chan struct{} {
	fw.mu.Lock()
	defer fw.mu.Unlock()
	if fw.gone == nil {
		fw.gone = make(chan struct{})
		if fw.err != nil {
			close(fw.gone)
		}
	}
	return fw.gone
}

// failed returns the write error that stopped the output, or nil.
func (fw *frameWriter) failed() error {
	fw.mu.Lock()
	defer fw.mu.Unlock()
	return fw.err
}

// rideLogger writes diagnostics to stderr, one line at a time, from any goroutine.
type rideLogger struct {
	mu sync.Mutex
	w  io.Writer
}

// logf writes one diagnostic line. Host text in it is made inert (an
// escape sequence cannot reach the terminal) and a URL in it loses its
// user information.
func (l *rideLogger) logf(format string, args ...any) {
	line := inert.Line(redact.Text(fmt.Sprintf(format, args...)))
	l.mu.Lock()
	defer l.mu.Unlock()
	_, _ = io.WriteString(l.w, "vehicle ride: "+line+"\n")
}

// errorFrame renders a failure as an error frame with requestID: the host's
// own frame for a refusal, CodeUnreachable for an unreachable host (the
// address and the cause), CodeInterrupted when ctx ended first.
func errorFrame(ctx context.Context, err error, requestID string) client.Frame {
	var refusal *client.Error
	var transport *client.TransportError
	var own *lineError
	var late *deadlineError
	f := client.Frame{Protocol: client.Protocol, Type: client.TypeError, RequestID: requestID,
		Code: client.CodeInvalidRequest, Message: err.Error()}
	switch {
	case errors.As(err, &own):
		f = own.frame()
		f.RequestID = requestID
	case errors.As(err, &refusal):
		f = refusal.Frame()
		f.RequestID = requestID
	case errors.As(err, &late):
		f.Code = CodeUnreachable
		f.Details, _ = json.Marshal(struct {
			TimeoutMs int64 `json:"timeoutMs"`
		}{late.after.Milliseconds()})
	case ctx.Err() != nil:
		f.Code = CodeInterrupted
		f.Message = "the ride was stopped before the host answered: the request may or may not have been carried out; inspect the session to find out (a retry with the same requestId is safe)"
	case errors.As(err, &transport):
		f.Code = CodeUnreachable
		d, _ := json.Marshal(struct {
			URL      string `json:"url"`
			Method   string `json:"method"`
			Status   int    `json:"status,omitempty"`
			Attempts int    `json:"attempts"`
		}{redact.URL(transport.URL), transport.Method, transport.Status, transport.Attempts})
		f.Details = d
	}
	f.Message = redact.Text(f.Message)
	return f
}

// ClosedValue is the value of the ride's last frame.
type ClosedValue struct {
	SessionID string `json:"sessionId,omitempty"`
	Reason    string `json:"reason"`
}

// Reasons a ride ends, as its closed frame says them.
const (
	ReasonEOF      = "eof"      // the end of the input
	ReasonShutdown = "shutdown" // the shutdown op, or SIGINT/SIGTERM
	ReasonDeleted  = "deleted"  // the session was deleted
)

// closedFrame is the ride's last frame.
func closedFrame(sessionID, reason string) client.Frame {
	v, _ := json.Marshal(ClosedValue{SessionID: sessionID, Reason: reason})
	return client.Frame{Protocol: client.Protocol, Type: client.TypeClosed, Value: v}
}
