package wire

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Error codes of the contract.
const (
	CodeInvalidJSON          = "invalid_json"
	CodeInvalidRequest       = "invalid_request"
	CodeGraphMismatch        = "graph_mismatch"
	CodeUnauthenticated      = "unauthenticated"
	CodeModelKeyRequired     = "model_key_required"
	CodeOutOfCredit          = "out_of_credit"
	CodeForbiddenProfile     = "forbidden_profile"
	CodeAccessReduced        = "access_reduced"
	CodeNotFound             = "not_found"
	CodeLeaseHeld            = "lease_held"
	CodeLeaseRequired        = "lease_required"
	CodeSessionRunning       = "session_running"
	CodeRequestIDConflict    = "request_id_conflict"
	CodeDelegationRequired   = "delegation_required"
	CodeDailyTurnLimit       = "daily_turn_limit"
	CodeSessionTurnLimit     = "session_turn_limit"
	CodeCreditPoolExhausted  = "credit_pool_exhausted"
	CodeNotImplemented       = "not_implemented"
	CodeIsolationUnavailable = "isolation_unavailable"
)

// Error is a refusal: the host answered with an error frame. It is never
// retried.
type Error struct {
	Status    int             // HTTP status of the answer
	Code      string          // one of the Code constants, or a code this client does not know
	Message   string          // the host's words, meant for the person
	Details   json.RawMessage // the frame's details, as sent
	RequestID string          // the request's id, when it had one
	// Attempts is the attempt that brought the refusal: more than 1 when
	// the answers to earlier attempts were lost, so the host may have run
	// the request already (a delete then answers not_found).
	Attempts int
	// RetryAfter is how long the answer asked to wait before trying again
	// (its Retry-After header), 0 when it did not say.
	RetryAfter time.Duration
}

// Error reports the code and the host's message.
func (e *Error) Error() string {
	msg := fmt.Sprintf("vehicle: %s: %s", e.Code, e.Message)
	if e.Message == "" {
		msg = fmt.Sprintf("vehicle: %s (HTTP %d)", e.Code, e.Status)
	}
	if e.RetryAfter > 0 {
		msg += "; " + retryAfterText(e.RetryAfter)
	}
	return msg
}

// Is matches another *Error with the same code, so errors.Is(err,
// &Error{Code: CodeLeaseHeld}) works.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

// Frame renders the refusal as the host's error frame.
func (e *Error) Frame() Frame {
	return Frame{Protocol: Protocol, Type: TypeError, RequestID: e.RequestID,
		Code: e.Code, Message: e.Message, Details: e.Details}
}

// LeaseHeldDetails are the details of a lease_held refusal.
type LeaseHeldDetails struct {
	Holder      *Lease `json:"holder"`
	CanTakeOver bool   `json:"canTakeOver"`
}

// LeaseHeld decodes the details of a lease_held refusal; ok is false for
// another code.
func (e *Error) LeaseHeld() (d LeaseHeldDetails, ok bool) {
	if e.Code != CodeLeaseHeld {
		return d, false
	}
	_ = json.Unmarshal(e.Details, &d)
	return d, true
}

// Doors decodes details.doors of a model_key_required or out_of_credit
// refusal; nil when there are none.
func (e *Error) Doors() *Doors {
	var d struct {
		Doors *Doors `json:"doors"`
	}
	if len(e.Details) == 0 || json.Unmarshal(e.Details, &d) != nil {
		return nil
	}
	return d.Doors
}

// ErrorCode is the code of a refusal in err's chain, or "" when err is not a
// refusal.
func ErrorCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// TransportError is a failure to get an answer at all: the host could not be
// reached, the connection dropped, or a proxy answered 429, 502, 503 or 504
// with no frame. It is retried for idempotent requests; when retries run out,
// or the answer asked to wait longer than the policy or the context allows
// (RetryAfter), it is returned to the caller.
type TransportError struct {
	Method   string
	URL      string // the request's address, without user info
	Status   int    // a proxy's status, 0 when no HTTP answer came
	Attempts int
	Err      error
	// RetryAfter is how long the last answer asked to wait before trying
	// again (its Retry-After header), 0 when it did not say.
	RetryAfter time.Duration
}

// Error names the address and the cause.
func (e *TransportError) Error() string {
	cause := "no answer"
	if e.Err != nil {
		cause = e.Err.Error()
	}
	if e.Status != 0 {
		cause = fmt.Sprintf("HTTP %d without a frame: %s", e.Status, cause)
	}
	if e.RetryAfter > 0 {
		return fmt.Sprintf("vehicle: no answer to %s %s after %d attempt(s): %s; %s",
			e.Method, e.URL, e.Attempts, cause, retryAfterText(e.RetryAfter))
	}
	return fmt.Sprintf("vehicle: no answer to %s %s after %d attempt(s): %s; check the address and your network, then try again",
		e.Method, e.URL, e.Attempts, cause)
}

// Unwrap returns the cause.
func (e *TransportError) Unwrap() error { return e.Err }

// IsTransport reports whether err is a transport failure rather than a refusal.
func IsTransport(err error) bool {
	var t *TransportError
	return errors.As(err, &t)
}

// retryAfterText words a Retry-After for an error message: "" for none.
func retryAfterText(d time.Duration) string {
	if d <= 0 {
		return ""
	}
	return fmt.Sprintf("the host asks to wait %v before trying again", d.Round(time.Second))
}
