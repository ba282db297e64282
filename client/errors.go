package client

import "net/http"

// codeStatus is the HTTP status of each code.
var codeStatus = map[string]int{
	CodeInvalidJSON:          http.StatusBadRequest,
	CodeInvalidRequest:       http.StatusBadRequest,
	CodeGraphMismatch:        http.StatusBadRequest,
	CodeUnauthenticated:      http.StatusUnauthorized,
	CodeModelKeyRequired:     http.StatusPaymentRequired,
	CodeOutOfCredit:          http.StatusPaymentRequired,
	CodeForbiddenProfile:     http.StatusForbidden,
	CodeAccessReduced:        http.StatusForbidden,
	CodeNotFound:             http.StatusNotFound,
	CodeLeaseHeld:            http.StatusConflict,
	CodeLeaseRequired:        http.StatusConflict,
	CodeSessionRunning:       http.StatusConflict,
	CodeRequestIDConflict:    http.StatusConflict,
	CodeDelegationRequired:   http.StatusConflict,
	CodeDailyTurnLimit:       http.StatusTooManyRequests,
	CodeSessionTurnLimit:     http.StatusTooManyRequests,
	CodeCreditPoolExhausted:  http.StatusTooManyRequests,
	CodeNotImplemented:       http.StatusNotImplemented,
	CodeIsolationUnavailable: http.StatusServiceUnavailable,
}

// StatusOf is the HTTP status the contract gives an error code (500 for an
// unknown code).
func StatusOf(code string) int {
	if s, ok := codeStatus[code]; ok {
		return s
	}
	return http.StatusInternalServerError
}
