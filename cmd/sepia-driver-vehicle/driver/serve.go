package driver

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
)

// Serve reads request lines from in and writes answer lines to out until in
// ends, then waits for the requests in flight and returns nil. Requests run
// concurrently, at most Options.MaxInFlight at once; answers come in the
// order they are ready, each written whole and flushed. When ctx ends, Serve
// stops reading, waits for the requests in flight (their context is ctx) and
// returns ctx's error; its reader of in stays blocked until in ends or
// fails, so close in when Serve returns early. A failed write ends Serve
// with that error.
func (s *Server) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	w := &lineWriter{w: bufio.NewWriter(out), fail: cancel}
	lines := make(chan lineRead)
	go readLines(ctx, bufio.NewReaderSize(in, 64<<10), s.opts.MaxLineBytes, lines)

	sem := make(chan struct{}, s.opts.MaxInFlight)
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			wg.Wait()
			return w.result(context.Cause(ctx))
		}
		var lr lineRead
		select {
		case lr = <-lines:
		case <-ctx.Done():
			wg.Wait()
			return w.result(context.Cause(ctx))
		}
		if lr.tooLong {
			w.writeLine(encodeResponse(nullID(), nil, errorf(CodeParseError,
				"Parse error: the line is longer than %d bytes; it was skipped", s.opts.MaxLineBytes)))
		}
		if len(lr.line) > 0 {
			wg.Add(1)
			go func(line []byte) {
				defer wg.Done()
				defer func() { <-sem }()
				if ans := s.HandleLine(ctx, line); ans != nil {
					w.writeLine(ans)
				}
			}(lr.line)
		} else {
			<-sem
		}
		if lr.err != nil {
			wg.Wait()
			if errors.Is(lr.err, io.EOF) {
				return w.result(nil)
			}
			return w.result(fmt.Errorf("sepia-driver-vehicle: reading the input failed: %w", lr.err))
		}
	}
}

// lineRead is one line of input, or the error that ended the input (with
// the last line, when it had no newline).
type lineRead struct {
	line    []byte
	tooLong bool
	err     error
}

// readLines sends every line of r to lines until r fails or ends, or ctx
// ends.
func readLines(ctx context.Context, r *bufio.Reader, max int, lines chan<- lineRead) {
	for {
		lr := readLine(r, max)
		select {
		case lines <- lr:
		case <-ctx.Done():
			return
		}
		if lr.err != nil {
			return
		}
	}
}

// readLine reads up to the next newline. A line longer than max is dropped
// whole and reported as tooLong.
func readLine(r *bufio.Reader, max int) lineRead {
	var lr lineRead
	for {
		chunk, err := r.ReadSlice('\n')
		if !lr.tooLong {
			if len(lr.line)+len(chunk) > max+1 {
				lr.tooLong, lr.line = true, nil
			} else {
				lr.line = append(lr.line, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		lr.err = err
		return lr
	}
}

// lineWriter writes whole lines under one lock and flushes each.
type lineWriter struct {
	mu   sync.Mutex
	w    *bufio.Writer
	err  error
	fail context.CancelCauseFunc
}

// writeLine writes b and a newline, then flushes. After a failure it writes
// nothing more and cancels the server's context.
func (lw *lineWriter) writeLine(b []byte) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if lw.err != nil {
		return
	}
	lw.w.Write(b)
	lw.w.WriteByte('\n')
	if err := lw.w.Flush(); err != nil {
		lw.err = fmt.Errorf("sepia-driver-vehicle: writing an answer failed: %w", err)
		lw.fail(lw.err)
	}
}

// result is the write error, if any, else err.
func (lw *lineWriter) result(err error) error {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if lw.err != nil {
		return lw.err
	}
	return err
}
