package client

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"strconv"
	"time"

	sse "github.com/r3labs/sse/v2"

	"github.com/sophia-labs/vehicle/internal/quiettime"
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

// handOver is how many batches the reader may hand over ahead of the
// consumer: a consumer that holds a run of deltas for a flush interval (the
// TUI, 60 ms) finds them all read, and the reader, which hands over a batch
// before each read that may wait (one an event while events trickle in),
// does not wait for it meanwhile.
const handOver = 64

// SSE field names.
const (
	dataField = "data:"
	idField   = "id:"
)

// errConnClosed ends the reader of a connection the Stream closed.
var errConnClosed = errors.New("vehicle: the event stream connection was closed")

// sseBatch is what the reader hands over: events, and whether the connection
// showed it was live (its first keepalive or message.delta, which the host
// sends only once its replay is done) just before them.
type sseBatch struct {
	events []Event
	live   bool
}

// sseConn is one open SSE response and its reader goroutine.
type sseConn struct {
	ctx    context.Context
	cancel context.CancelFunc
	body   *watchedBody
	rd     *sse.EventStreamReader
	out    chan sseBatch
	exited chan struct{}
	first  chan struct{} // closed when the first block is read

	// The reader's; read by the Stream only after out is closed.
	err      error
	read1    bool // a block was read
	pending  []Event
	liveSeen bool // a keepalive or delta was read
	liveNext bool // the next batch handed over carries live

	batch []Event // the Stream's: handed over, not yet delivered

	pace     *streamPacing // the Stream's pace (SetPace, SetDeltaPace)
	lastRead time.Time     // the reader's: when it last read

	// The reader's, for SetDeltaPace: when it last read a delta, and
	// whether a run of them is on (the next read that may wait waits until
	// holdUntil).
	deltaAt    time.Time
	holdDeltas bool
	holdUntil  time.Time
}

// startConn starts reading an accepted SSE response.
func startConn(ctx context.Context, cancel context.CancelFunc, body *watchedBody, pace *streamPacing) *sseConn {
	k := &sseConn{ctx: ctx, cancel: cancel, body: body, out: make(chan sseBatch, handOver),
		exited: make(chan struct{}), first: make(chan struct{}), pace: pace}
	body.beforeRead = func() bool { return k.flush() && k.wait() }
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
	if k.body.dog != nil {
		defer k.body.dog.stop() // the connection is done with: no fire to come
	}
	for {
		ev, err := k.decode()
		if err != nil {
			k.err = err
			k.flush()
			return
		}
		k.pending = append(k.pending, ev)
		if len(k.pending) >= maxBatch && !k.flush() {
			k.err = k.ctx.Err()
			return
		}
	}
}

// decode reads up to the next event. Keepalives and blocks without a frame
// (torn by a cut, or not ours) are skipped, the first marking the connection
// live; io.EOF is a clean end.
func (k *sseConn) decode() (Event, error) {
	for {
		block, err := k.rd.ReadEvent()
		if err != nil {
			return Event{}, k.readErr(err)
		}
		if !k.read1 {
			k.read1 = true
			close(k.first)
		}
		data, id := parseBlock(block)
		if data == nil {
			k.markLive()
			continue
		}
		ev, ok := decodeEvent(data)
		if !ok {
			continue
		}
		if ev.Type == EvMessageDelta {
			k.markLive()
			k.sawDelta()
		} else if ev.Seq == 0 && id != nil {
			ev.Seq, _ = strconv.ParseInt(string(id), 10, 64)
		}
		return ev, nil
	}
}

// readErr types a read failure: silence (the watchdog fired), an event over
// the limit, or the transport's own error (io.EOF at a clean end).
func (k *sseConn) readErr(err error) error {
	switch {
	case k.body.silent():
		return &StreamError{Kind: StreamSilent, After: k.body.timeout}
	case errors.Is(err, bufio.ErrTooLong):
		return &StreamError{Kind: StreamTooLarge, Err: err}
	}
	return err
}

// markLive notes the connection's first sign of life, handing over what came
// before it on its own.
func (k *sseConn) markLive() {
	if k.liveSeen {
		return
	}
	k.liveSeen = true
	if k.flush() {
		k.liveNext = true
	}
}

// flush hands the pending events over; false when the connection is
// cancelled first.
func (k *sseConn) flush() bool {
	if len(k.pending) == 0 && !k.liveNext {
		return true
	}
	select {
	case k.out <- sseBatch{events: k.pending, live: k.liveNext}:
		k.pending = make([]Event, 0, cap(k.pending))
		k.liveNext = false
		return true
	case <-k.ctx.Done():
		return false
	}
}

// sawDelta notes a delta read: one within twice the delta pace of the last
// makes (or continues) a run, and the reader's next read that may wait
// waits until the pace has passed since this one (SetDeltaPace).
func (k *sseConn) sawDelta() {
	if k.pace == nil {
		return
	}
	d := time.Duration(k.pace.deltas.Load())
	if d <= 0 {
		return
	}
	now := time.Now()
	if !k.holdDeltas && !k.deltaAt.IsZero() && now.Sub(k.deltaAt) < 2*d {
		k.holdDeltas, k.holdUntil = true, now.Add(d)
	}
	k.deltaAt = now
}

// wait holds the reader, once it has read all that had come, until the
// stream's pace has passed since it began reading, or a run of deltas'
// pace since the read of its last delta, so that what the host sends
// meanwhile is read at once; false when the connection is cancelled first.
func (k *sseConn) wait() bool {
	if !k.body.drained {
		return true // more is at hand: read on
	}
	var until time.Time
	if k.pace != nil {
		if d := time.Duration(k.pace.every.Load()); d > 0 {
			until = k.lastRead.Add(d)
		}
	}
	if k.holdDeltas {
		k.holdDeltas = false
		if k.holdUntil.After(until) {
			until = k.holdUntil
		}
	}
	if rest := time.Until(until); !until.IsZero() && rest > 0 {
		if k.body.hold != nil {
			k.body.hold.holdArrivals() // what comes meanwhile wakes nobody
		}
		// On the quiet clock: a runtime timer would wake sysmon too, at
		// every wait (a flush interval's, a dozen times a second).
		due := make(chan struct{})
		t := quiettime.AfterFunc(rest, func() { close(due) })
		select {
		case <-due:
		case <-k.ctx.Done():
			t.Stop()
			return false
		}
	}
	k.lastRead = time.Now()
	return true
}

// next returns the next event, or live (with no event) where the connection
// showed it was live. Its error is the reader's: io.EOF at a clean end.
func (k *sseConn) next() (ev Event, live bool, err error) {
	for len(k.batch) == 0 {
		b, ok := <-k.out
		if !ok {
			return Event{}, false, k.err
		}
		k.batch = b.events
		if b.live {
			return Event{}, true, nil
		}
	}
	ev = k.batch[0]
	k.batch = k.batch[1:]
	return ev, false, nil
}

// close cancels the connection and waits for its reader; idempotent.
func (k *sseConn) close() {
	k.cancel()
	<-k.exited
	if k.body.dog != nil {
		k.body.dog.stop()
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
// read (which may wait) it hands the decoded events over; and a silence
// watchdog is armed only while a read waits, so a slow consumer is not taken
// for a silent host.
type watchedBody struct {
	rc         io.ReadCloser
	dog        *watchdog // cancels the connection when a read waits for timeout; nil for none
	timeout    time.Duration
	beforeRead func() bool
	drained    bool          // the last read took less than it could: nothing more had come
	hold       arrivalHolder // the connection's, when it can hold arrivals back; nil otherwise
}

// silent reports whether the watchdog judged the connection silent.
func (b *watchedBody) silent() bool { return b.dog != nil && b.dog.expired.Load() }

func (b *watchedBody) Read(p []byte) (int, error) {
	if b.beforeRead != nil && !b.beforeRead() {
		return 0, errConnClosed
	}
	if b.dog != nil {
		b.dog.arm()
	}
	n, err := b.rc.Read(p)
	if b.dog != nil {
		b.dog.disarm()
	}
	b.drained = n < len(p)
	return n, err
}

// decodeEvent decodes one event's data as encoding/json would, with the
// frame decoder (decode): a copy of data is decoded in place, so the
// event's value is a slice of that copy, never of the reader's buffer. ok is
// false for data that is not an event. One delta costs 2 allocations
// instead of encoding/json's 10 (BenchmarkDecodeEvent).
func decodeEvent(data []byte) (ev Event, ok bool) {
	if decode(bytes.Clone(data), &ev) != nil || ev.Type == "" {
		return Event{}, false
	}
	return ev, true
}
