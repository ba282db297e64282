// Package secretline reads one line typed at a terminal without showing it:
// a token at vehicle login's prompt. Echo is off before the prompt is
// written, so text typed or pasted as soon as the prompt shows is never
// echoed, and the wait ends when the context does (ctrl+c), with the
// terminal as it was and nothing read.
package secretline

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
)

// ErrCancelled is Read's error when its context ended before a line was
// entered.
var ErrCancelled = errors.New("cancelled before a line was entered")

// Read turns f's echo off, writes prompt to w, and reads one line from f, at
// most limit bytes of it (a longer line is read whole and returned as its
// first limit+1 bytes, so the caller can say it is too long). The line comes
// without its end; a line ended by end of input (ctrl+d) is returned as
// typed. Echo is restored and a newline written to w when Read returns.
// When ctx ends first Read returns ErrCancelled at once, its read of f
// ended where the system allows (Unix), so that the next reader of f (the
// shell, or a query of the terminal) gets what comes next.
func Read(ctx context.Context, f *os.File, w io.Writer, prompt string, limit int) ([]byte, error) {
	restore, err := echoOff(f)
	if err != nil {
		return nil, err
	}
	defer restore()
	_, _ = io.WriteString(w, prompt)
	defer func() { _, _ = io.WriteString(w, "\n") }()

	type result struct {
		line []byte
		err  error
	}
	in, err := cancelable(f)
	if err != nil {
		return nil, err
	}
	defer func() { _ = in.Close() }()
	done := make(chan result, 1)
	go func() {
		line, err := readLine(in, limit)
		done <- result{line, err}
	}()
	select {
	case r := <-done:
		if ctx.Err() != nil {
			return nil, ErrCancelled // ctrl+c came first; the line may be the next command's
		}
		return r.line, r.err
	case <-ctx.Done():
		if in.Cancel() {
			<-done // the read ended without taking input: f is free for its next reader
		}
		return nil, ErrCancelled
	}
}

// readLine reads up to a newline or the end of input, keeping the first
// limit+1 bytes.
func readLine(r io.Reader, limit int) ([]byte, error) {
	var line []byte
	buf := make([]byte, 256)
	for {
		n, err := r.Read(buf)
		for _, c := range buf[:n] {
			if c == '\n' {
				return bytes.TrimSuffix(line, []byte{'\r'}), nil // a console's line ends in CR LF
			}
			if len(line) <= limit {
				line = append(line, c)
			}
		}
		if errors.Is(err, io.EOF) || (err == nil && n == 0) {
			return line, nil
		}
		if err != nil {
			return line, err
		}
	}
}
