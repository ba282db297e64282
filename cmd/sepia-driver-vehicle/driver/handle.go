package driver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime/debug"
	"sync"
	"time"
	"unicode/utf8"
)

// Defaults of Options.
const (
	DefaultMaxInFlight  = 8
	DefaultMaxLineBytes = 16 << 20
	// DefaultMaxBatchEntries bounds the members of one batch line.
	DefaultMaxBatchEntries = 1000
	// DefaultMaxAnswerBytes bounds the results in one answer line.
	DefaultMaxAnswerBytes = 64 << 20
	DefaultRequestTimeout = 2 * time.Minute
)

// Options configures a Server. Only Resolver is required.
type Options struct {
	// Resolver yields the store on first use; its error answers -32005.
	Resolver Resolver
	// MaxInFlight bounds the requests handled at once (default 8). A batch
	// counts as one; its members run in order.
	MaxInFlight int
	// MaxLineBytes bounds an input line (default 16 MiB); a longer line is
	// answered with -32700 and skipped.
	MaxLineBytes int
	// MaxBatchEntries bounds the members of a batch (default 1000); a
	// larger batch is answered with one -32600 and none of it runs.
	MaxBatchEntries int
	// MaxAnswerBytes bounds the bytes of one answer line's results (default
	// 64 MiB); an answer past it is replaced by -32603, and a batch stops
	// running its members once its answer line is full.
	MaxAnswerBytes int
	// RequestTimeout bounds one request's work (default 2 minutes).
	RequestTimeout time.Duration
	// Version is the build's version, as driver.manifest reports it
	// ("" for config.DevVersion).
	Version string
	// Log receives diagnostics (failed notifications, recovered panics);
	// nil discards them. It is never the protocol's output.
	Log io.Writer
}

// handler serves one method: params are the request's params (nil when
// absent); a returned *Error is sent as is, any other error is mapped.
type handler func(ctx context.Context, params json.RawMessage) (any, error)

// Server answers the driver wire. It is safe for concurrent use.
type Server struct {
	opts    Options
	store   *storeCache
	pages   snapshotCache
	methods map[string]handler
	logMu   sync.Mutex
}

// New returns a Server that resolves its store with opts.Resolver on the
// first request that needs it.
func New(opts Options) *Server {
	if opts.MaxInFlight <= 0 {
		opts.MaxInFlight = DefaultMaxInFlight
	}
	if opts.MaxLineBytes <= 0 {
		opts.MaxLineBytes = DefaultMaxLineBytes
	}
	if opts.MaxBatchEntries <= 0 {
		opts.MaxBatchEntries = DefaultMaxBatchEntries
	}
	if opts.MaxAnswerBytes <= 0 {
		opts.MaxAnswerBytes = DefaultMaxAnswerBytes
	}
	if opts.RequestTimeout <= 0 {
		opts.RequestTimeout = DefaultRequestTimeout
	}
	s := &Server{opts: opts, store: &storeCache{resolve: opts.Resolver}}
	s.methods = map[string]handler{
		MethodManifest:       s.manifest,
		MethodSessionList:    s.list,
		MethodSessionGet:     s.get,
		MethodSessionSummary: s.summary,
		MethodSessionHistory: s.history,
		MethodSessionRename:  s.rename,
		MethodSessionDelete:  s.delete,
		MethodSessionSave:    s.save,

		MethodSessionCheckpoints: s.checkpoints,
	}
	return s
}

// HandleLine answers one input line: a request, a notification or a batch.
// It returns the answer line without its newline, or nil when nothing is to
// be answered (a notification, a batch of notifications, a blank line).
func (s *Server) HandleLine(ctx context.Context, line []byte) []byte {
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return nil
	}
	if !utf8.Valid(line) {
		return encodeResponse(nullID(), nil, errorf(CodeParseError, "Parse error: the line is not valid UTF-8, which JSON text must be"))
	}
	if !json.Valid(line) {
		return encodeResponse(nullID(), nil, errorf(CodeParseError, "Parse error: the line is not valid JSON"))
	}
	if line[0] != '[' {
		return s.handleOne(ctx, line).line
	}
	batch, err := splitBatch(line, s.opts.MaxBatchEntries)
	if err != nil {
		return encodeResponse(nullID(), nil, err)
	}
	return s.handleBatch(ctx, batch)
}

// answer is one member's answer line (nil for a notification), with the id
// and method it answers.
type answer struct {
	line   []byte
	id     json.RawMessage
	method string
}

// handleOne answers one request object. An answer over MaxAnswerBytes is
// replaced by -32603 with the request's id.
func (s *Server) handleOne(ctx context.Context, raw json.RawMessage) answer {
	req, answerID, rpcErr := parseRequest(raw)
	if rpcErr != nil {
		return answer{line: encodeResponse(answerID, nil, rpcErr), id: answerID}
	}
	result, rpcErr := s.call(ctx, req)
	if req.notification() {
		if rpcErr != nil {
			s.logf("notification %s failed: %d %s", req.Method, rpcErr.Code, rpcErr.Message)
		}
		return answer{}
	}
	a := answer{line: encodeResponse(req.ID, result, rpcErr), id: req.ID, method: req.Method}
	if len(a.line) > s.opts.MaxAnswerBytes {
		a.line = encodeResponse(req.ID, nil, errorf(CodeInternalError,
			"Internal error: the answer to %s is %d bytes, over the limit of %d bytes; ask for less (session.history pages a session)",
			req.Method, len(a.line), s.opts.MaxAnswerBytes))
	}
	return a
}

// call runs the method of a valid request, turning panics and store errors
// into JSON-RPC errors.
func (s *Server) call(ctx context.Context, req request) (result any, rpcErr *Error) {
	h, ok := s.methods[req.Method]
	if !ok {
		if e := unsupported(req.Method); e != nil {
			return nil, e
		}
		return nil, errorf(CodeMethodNotFound, "Method not found: %q is not a method of the sepia driver wire", req.Method)
	}
	if k := kindOf(req.Params); req.Params != nil && k != "an object" {
		return nil, errorf(CodeInvalidParams, "Invalid params: %s takes its params by name (an object), not %s", req.Method, k)
	}
	defer func() {
		if p := recover(); p != nil {
			s.logf("panic in %s: %v\n%s", req.Method, p, debug.Stack())
			result, rpcErr = nil, errorf(CodeInternalError, "Internal error: the driver failed while answering %s; its stderr has the details", req.Method)
		}
	}()
	ctx, cancel := context.WithTimeout(ctx, s.opts.RequestTimeout)
	defer cancel()
	result, err := h(ctx, req.Params)
	if err != nil {
		return nil, asRPCError(err)
	}
	return result, nil
}

// logf writes one diagnostic line.
func (s *Server) logf(format string, args ...any) {
	if s.opts.Log == nil {
		return
	}
	s.logMu.Lock()
	defer s.logMu.Unlock()
	fmt.Fprintf(s.opts.Log, "sepia-driver-vehicle: "+format+"\n", args...)
}
