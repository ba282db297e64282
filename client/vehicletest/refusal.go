package vehicletest

import (
	"encoding/json"
	"net/http"

	"github.com/sophia-labs/vehicle/client"
)

// refusal is a request the host refuses: the HTTP status, the code of the
// contract's errors table, a message for the person and details by code.
// It is written as an error frame.
type refusal struct {
	Status  int
	Code    string
	Message string
	Details json.RawMessage
}

// Error is the refusal's code and message.
func (e *refusal) Error() string { return e.Code + ": " + e.Message }

// statusOf is the HTTP status of a code, from the contract's errors table
// (kept here, apart from the client's, so that the two are checked against
// each other by the tests).
func statusOf(code string) int {
	switch code {
	case client.CodeInvalidJSON, client.CodeInvalidRequest, client.CodeGraphMismatch:
		return http.StatusBadRequest
	case client.CodeUnauthenticated:
		return http.StatusUnauthorized
	case client.CodeModelKeyRequired, client.CodeOutOfCredit:
		return http.StatusPaymentRequired
	case client.CodeForbiddenProfile, client.CodeAccessReduced:
		return http.StatusForbidden
	case client.CodeNotFound:
		return http.StatusNotFound
	case client.CodeLeaseHeld, client.CodeLeaseRequired, client.CodeSessionRunning,
		client.CodeRequestIDConflict, client.CodeDelegationRequired:
		return http.StatusConflict
	case client.CodeDailyTurnLimit, client.CodeSessionTurnLimit, client.CodeCreditPoolExhausted:
		return http.StatusTooManyRequests
	case client.CodeNotImplemented:
		return http.StatusNotImplemented
	case client.CodeIsolationUnavailable:
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}
