package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync/atomic"
	"time"

	sse "github.com/r3labs/sse/v2"
)

// One open SSE response. The request, its validation, reconnection and
// Last-Event-ID are the Stream's; r3labs/sse frames the response (its
// EventStreamReader, with a 1 MiB event limit) and parseBlock reads the
// fields. r3labs' Client is not used: it hands each event from a read
// goroutine to the handler over an unbuffered channel (about a quarter of
// the ingest ceiling, see docs/benchmarks.md), hides keepalives (no idle
// watchdog), keeps a Last-Event-ID of the last event read rather than
// delivered, retries refusals unless told, and does not reconnect after a
// clean end.
//
// A reader goroutine per connection reads and decodes while Next's caller
// applies, handing events over in batches; everything decoded is handed over
// before a read that may wait, so batching adds no latency.

// maxEventBytes bounds one SSE event: a 64 KiB text, JSON-escaped, with its
// envelope, fits many times over.
const maxEventBytes = 1 << 20

// maxBatch bounds the events handed over at once.
const maxBatch = 256

// burstGap is how long a read must wait for the network to count as the end
// of a resumed connection's replay burst.
const burstGap = 10 * time.Millisecond

// SSE field names.
const (
	dataField = "data:"
	idField   = "id:"
)

// errConnClosed ends the reader of a connection the Stream closed.
var errConnClosed = errors.New("vehicle: the event stream connection was closed")

// sseBatch is what the reader hands over: events, and once per resumed
// connection the count of the replay burst that ended before them.
type sseBatch struct {
	events   []Event
	replayed int // -1 when not known yet
}

// sseConn is one open SSE response and its reader goroutine.
type sseConn struct {
	ctx    context.Context
	cancel context.CancelFunc
	body   *watchedBody
	rd     *sse.EventStreamReader
	out    chan sseBatch
	exited chan struct{}

	// The reader's; read by the Stream only after out is closed.
	err     error
	blocks  int // SSE blocks read, keepalives included
	pending []Event
	durable int // durable events read before the replay burst ended
	burst   int // the burst's count to hand over; -1 before it ends, -2 once handed over

	batch []Event // the Stream's: handed over, not yet delivered
}

// startConn starts reading an accepted SSE response.
func startConn(ctx context.Context, cancel context.CancelFunc, body *watchedBody) *sseConn {
	k := &sseConn{ctx: ctx, cancel: cancel, body: body, out: make(chan sseBatch, 4),
		exited: make(chan struct{}), burst: -1}
	body.beforeRead = k.flush
	body.afterWait = func() { k.burst = k.durable }
	k.rd = sse.NewEventStreamReader(body, maxEventBytes)
	go k.read()
	return k
}

// read is the reader goroutine: it decodes events until the response ends,
// fails or is cancelled, then hands over what is left and closes out.
func (k *sseConn) read() {
	defer close(k.exited)
	defer close(k.out)
	defer k.body.rc.Close()
	for {
		ev, err := k.decode()
		if err != nil {
			k.err = err
			k.flush()
			return
		}
		if ev.Seq > 0 && k.body.track {
			k.durable++
		}
		k.pending = append(k.pending, ev)
		if len(k.pending) >= maxBatch && !k.flush() {
			k.err = k.ctx.Err()
			return
		}
	}
}

// decode reads up to the next event. Keepalives and blocks without a frame
// (torn by a cut, or not ours) are skipped; io.EOF is a clean end.
func (k *sseConn) decode() (Event, error) {
	for {
		block, err := k.rd.ReadEvent()
		if err != nil {
			if k.body.expired.Load() {
				err = fmt.Errorf("vehicle: nothing from the host in %v, not even a keepalive; reconnecting", k.body.timeout)
			}
			return Event{}, err
		}
		k.blocks++
		data, id := parseBlock(block)
		if data == nil {
			continue
		}
		var ev Event
		if json.Unmarshal(data, &ev) != nil || ev.Type == "" {
			continue
		}
		if ev.Seq == 0 && id != nil && ev.Type != EvMessageDelta {
			ev.Seq, _ = strconv.ParseInt(string(id), 10, 64)
		}
		return ev, nil
	}
}

// flush hands the pending events over; false when the connection is
// cancelled first.
func (k *sseConn) flush() bool {
	if len(k.pending) == 0 && k.burst < 0 {
		return true
	}
	select {
	case k.out <- sseBatch{events: k.pending, replayed: k.burst}:
		k.pending = make([]Event, 0, cap(k.pending))
		if k.burst >= 0 {
			k.burst = -2 // handed over; never again
		}
		return true
	case <-k.ctx.Done():
		return false
	}
}

// next returns the next event, and the replay burst's count when it ended just
// before (-1 otherwise). Its error is the reader's: io.EOF at a clean end.
func (k *sseConn) next() (Event, int, error) {
	replayed := -1
	for len(k.batch) == 0 {
		b, ok := <-k.out
		if !ok {
			return Event{}, -1, k.err
		}
		k.batch = b.events
		if b.replayed >= 0 {
			replayed = b.replayed
		}
	}
	ev := k.batch[0]
	k.batch = k.batch[1:]
	return ev, replayed, nil
}

// alive reports whether the connection read anything (a keepalive will do);
// only after next failed.
func (k *sseConn) alive() bool { return k.blocks > 0 }

// close cancels the connection and waits for its reader; idempotent.
func (k *sseConn) close() {
	k.cancel()
	<-k.exited
	if k.body.idle != nil {
		k.body.idle.Stop()
	}
}

// parseBlock returns the data (data lines joined by "\n", nil when none) and
// the id of one SSE block. Comments and other fields are ignored.
func parseBlock(block []byte) (data, id []byte) {
	if bytes.IndexByte(block, '\r') >= 0 {
		block = bytes.ReplaceAll(bytes.ReplaceAll(block, []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n"))
	}
	for len(block) > 0 {
		line := block
		if i := bytes.IndexByte(block, '\n'); i >= 0 {
			line, block = block[:i], block[i+1:]
		} else {
			block = nil
		}
		switch {
		case bytes.HasPrefix(line, []byte(dataField)):
			v := fieldValue(line, len(dataField))
			if data == nil {
				data = v
			} else {
				data = append(append(data[:len(data):len(data)], '\n'), v...)
			}
		case bytes.HasPrefix(line, []byte(idField)):
			id = fieldValue(line, len(idField))
		}
	}
	return data, id
}

// fieldValue is a field line's value after the name and one optional space;
// never nil.
func fieldValue(line []byte, name int) []byte {
	v := line[name:]
	if len(v) > 0 && v[0] == ' ' {
		v = v[1:]
	}
	if v == nil {
		v = []byte{}
	}
	return v
}

// watchedBody is a response body read by the reader goroutine. Before each
// read (which may wait) it hands the decoded events over; an idle watchdog is
// armed only while a read waits, so a slow consumer is not taken for a dead
// host; and it notices the first read of a resumed connection that had to
// wait, which ends the replay burst.
type watchedBody struct {
	rc         io.ReadCloser
	idle       *time.Timer // cancels the connection when a read waits for timeout
	timeout    time.Duration
	expired    atomic.Bool
	track      bool // measuring reads until the first wait
	beforeRead func() bool
	afterWait  func()
}

func (b *watchedBody) Read(p []byte) (int, error) {
	if b.beforeRead != nil && !b.beforeRead() {
		return 0, errConnClosed
	}
	var t0 time.Time
	if b.track {
		t0 = time.Now()
	}
	if b.idle != nil {
		b.idle.Reset(b.timeout)
	}
	n, err := b.rc.Read(p)
	if b.idle != nil {
		b.idle.Stop()
	}
	if b.track && time.Since(t0) >= burstGap {
		b.track = false
		b.afterWait()
	}
	return n, err
}
