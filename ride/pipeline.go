package ride

import (
	"context"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// DefaultWindow is how many requests a ride keeps in flight at once when
// Config.Window is 0.
const DefaultWindow = 16

// NewHTTPClient returns an HTTP client for a ride's client.Client (see
// client.WithHTTPClient) that keeps window idle connections to the host, so
// that a window of reads in flight reuses its connections instead of
// opening new ones. It has no Timeout: the ride's deadlines come from the
// context, and a Follow stream must not be cut.
func NewHTTPClient(window int) *http.Client {
	if window < 1 {
		window = DefaultWindow
	}
	tr := &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           (&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          100,
		MaxIdleConnsPerHost:   window + 2, // the window, the Follow stream and the start's request
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ExpectContinueTimeout: time.Second,
	}
	return &http.Client{Transport: tr}
}

// readOp reports whether an op only reads the session: reads may be in
// flight together; every other op waits for the requests before it and holds
// back the requests after it.
func readOp(op string) bool {
	switch op {
	case client.OpInspect, client.OpCapsule, client.OpAccount, client.OpWatch:
		return true
	}
	return false
}

// slot is one input line's place in the output.
type slot struct {
	done  chan struct{} // closed when frame is set
	frame client.Frame
	skip  bool // print nothing: the host's closed frame comes last instead
}

// answered returns a slot already answered with f.
func answered(f client.Frame) *slot {
	s := &slot{done: make(chan struct{}), frame: f}
	close(s.done)
	return s
}

// pipeline prints the answers of the lines in the order of the lines, while
// up to a window of reads are in flight. Its writer goroutine takes the
// slots in order, waits for each to be answered and prints it.
type pipeline struct {
	queue   chan *slot     // the slots in input order; its room bounds the window
	running sync.WaitGroup // the requests in flight
	out     *frameWriter
	written chan struct{} // closed when the writer has printed every slot

	// The reads are answered by up to a window of workers, started as
	// needed and kept until close: a goroutine per read would grow a new
	// stack for every request (net/http's calls run deep).
	jobs    chan job
	workers int // workers started
	window  int
}

// job is one read for a worker: the slot and how to answer it.
type job struct {
	s      *slot
	answer func() client.Frame
}

// newPipeline starts the writer of a pipeline with window requests (at least
// one) in flight at most.
func newPipeline(window int, out *frameWriter) *pipeline {
	if window < 1 {
		window = 1
	}
	p := &pipeline{queue: make(chan *slot, window-1), out: out,
		written: make(chan struct{}), jobs: make(chan job), window: window}
	go p.write()
	return p
}

// write prints the slots in order. It holds the answers that are ready one
// after another and writes them together before it waits for the next one,
// so a burst of answers costs one write and none waits behind a slow one.
// After a failed write (which closes out.broken()) it goes on taking the
// slots, printing nothing, so that the dispatcher never blocks.
func (p *pipeline) write() {
	defer close(p.written)
	for {
		s, ok := p.next()
		if !ok {
			break
		}
		if s.skip || p.out.failed() != nil {
			continue
		}
		_ = p.out.hold(s.frame) // a failure closes p.out.broken()
	}
	p.flushHeld()
}

// next returns the next slot once it is answered, writing the answers held
// back before it waits; false when the queue is closed and empty.
func (p *pipeline) next() (*slot, bool) {
	var s *slot
	var ok bool
	select {
	case s, ok = <-p.queue:
	default:
		p.flushHeld()
		s, ok = <-p.queue
	}
	if !ok {
		return nil, false
	}
	select {
	case <-s.done:
	default:
		p.flushHeld()
		<-s.done
	}
	return s, true
}

// flushHeld writes the answers held back; a failure closes
// p.out.broken(), which ends the ride even when no line follows.
func (p *pipeline) flushHeld() { _ = p.out.flush() }

// push gives the next slot its place in the output; it blocks while the
// window is full.
func (p *pipeline) push(s *slot) { p.queue <- s }

// start has a worker answer s with answer: an idle one, else a new one while
// fewer than the window run. With a window of workers one is always free or
// about to be: at most a window of slots wait to be printed, this one among
// them.
func (p *pipeline) start(s *slot, answer func() client.Frame) {
	p.running.Add(1)
	j := job{s: s, answer: answer}
	select {
	case p.jobs <- j:
		return
	default:
	}
	if p.workers < p.window {
		p.workers++
		go p.work()
	}
	p.jobs <- j
}

// work answers the jobs until the pipeline closes.
func (p *pipeline) work() {
	for j := range p.jobs {
		j.s.frame = j.answer()
		close(j.s.done)
		p.running.Done()
	}
}

// barrier waits until every request started before has its answer.
func (p *pipeline) barrier() { p.running.Wait() }

// close waits until every slot pushed is printed, and ends the workers.
func (p *pipeline) close() {
	close(p.queue)
	<-p.written
	close(p.jobs)
}

// dispatchLine gives one input line its slot and starts answering it: a read
// in flight beside the others, a mutation after every request before it has
// its answer, and before any request after it starts. Non-nil when the
// request ends the ride.
func (r *rider) dispatchLine(ctx context.Context, p *pipeline, l inputLine) *rideEnding {
	if l.tooLong {
		p.push(answered(tooLongError().frame()))
		return nil
	}
	req, lerr := parseLine(l.data)
	if lerr != nil {
		p.push(answered(lerr.frame()))
		return nil
	}
	s := &slot{done: make(chan struct{})}
	p.push(s)
	if readOp(req.Op) {
		p.start(s, func() client.Frame {
			f, _ := r.do(ctx, req) // a read never ends the ride
			return f
		})
		return nil
	}
	p.barrier()
	f, end := r.do(ctx, req)
	s.frame, s.skip = f, end != nil && end.last != nil
	close(s.done)
	return end
}
