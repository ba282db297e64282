package vehicletest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/sophia-labs/vehicle/client"
)

// maxBody bounds a request body: a text of 64 KiB with JSON escaping fits.
const maxBody = 1 << 20

// body holds every field a request body may carry.
type body struct {
	RequestID   *string         `json:"requestId"`
	ClientID    string          `json:"clientId"`
	GraphID     *string         `json:"graphId"`
	Claim       *bool           `json:"claim"`
	Profile     string          `json:"profile"`
	Model       string          `json:"model"`
	Title       json.RawMessage `json:"title"`
	MaxTurns    *int            `json:"maxTurns"`
	MaxCostUSD  *float64        `json:"maxCostUsd"`
	TTLMs       *int64          `json:"ttlMs"`
	Takeover    bool            `json:"takeover"`
	Text        *string         `json:"text"`
	ContextRefs []string        `json:"contextRefs"`
	CommandID   string          `json:"commandId"`
	EntryID     string          `json:"entryId"`
	Policy      string          `json:"policy"`
	ChimeID     string          `json:"chimeId"`
	Principal   string          `json:"principal"`
	AmountUSD   *float64        `json:"amountUsd"`
	Source      string          `json:"source"`
	Key         string          `json:"key"`
}

// request is one HTTP request as the handlers see it.
type request struct {
	w         http.ResponseWriter
	r         *http.Request
	body      body
	canonical string   // the body re-encoded with sorted keys, for idempotency
	bodyErr   *refusal // why the body could not be read, if it could not
	requestID string
	op        string // the verb, for session operations
	caller    *caller
	graph     string
	role      string
}

// reply is an answer: a status and a frame, and optionally something to
// wait for (without the lock) before answering, then a step run under the
// lock after the wait.
type reply struct {
	status int
	frame  wireFrame
	raw    json.RawMessage // an answer that is not a frame (GET /account)
	wait   <-chan struct{}
	then   func()
	// refused marks an answer that turns the request down (a chime the
	// room refuses): like an error, it is not remembered for its requestId.
	refused bool
}

// readRequest reads the body (a JSON object, or the query of a DELETE).
func readRequest(w http.ResponseWriter, r *http.Request) *request {
	rq := &request{w: w, r: r, requestID: r.URL.Query().Get("requestId")}
	switch r.Method {
	case http.MethodPost, http.MethodPatch:
		raw, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
		if err != nil {
			rq.bodyErr = errf(client.CodeInvalidJSON, "the request body could not be read (%v): send it again", err)
			return rq
		}
		rq.parse(raw)
	case http.MethodDelete:
		q := r.URL.Query()
		m := map[string]string{}
		for _, k := range []string{"requestId", "clientId"} {
			if q.Has(k) {
				m[k] = q.Get(k)
			}
		}
		raw, _ := json.Marshal(m)
		rq.parse(raw)
	}
	return rq
}

func (rq *request) parse(raw []byte) {
	if len(raw) > maxBody {
		rq.bodyErr = errf(client.CodeInvalidRequest, "the request body is over %d bytes: send a shorter text", maxBody)
		return
	}
	var anyv any
	if err := json.Unmarshal(raw, &anyv); err != nil {
		rq.bodyErr = errf(client.CodeInvalidJSON, "the request body is not JSON (%v): send a JSON object", err)
		return
	}
	m, ok := anyv.(map[string]any)
	if !ok {
		rq.bodyErr = errf(client.CodeInvalidRequest, "the request body must be a JSON object with a requestId")
		return
	}
	if m["takeover"] == false {
		delete(m, "takeover") // takeover: false is the same request as no flag
	}
	canon, _ := json.Marshal(m)
	rq.canonical = string(canon)
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(&rq.body); err != nil {
		rq.bodyErr = errf(client.CodeInvalidRequest, "a field has the wrong shape: %v", err)
		return
	}
	if rq.body.RequestID != nil {
		rq.requestID = *rq.body.RequestID
	}
}

// needBody checks the body was read and carries a requestId, and that a
// graphId, when present, is the path's.
func (rq *request) needBody() *refusal {
	if rq.bodyErr != nil {
		return rq.bodyErr
	}
	if rq.body.RequestID == nil || strings.TrimSpace(*rq.body.RequestID) == "" {
		return errf(client.CodeInvalidRequest, "requestId is missing: every request that changes something carries one")
	}
	if g := rq.body.GraphID; g != nil && rq.graph != "" && *g != rq.graph {
		return errf(client.CodeGraphMismatch, "the body names graph %q but the path is graph %q: a session lives on the graph of its path", *g, rq.graph)
	}
	return nil
}

// errf builds a refusal with a code and a message.
func errf(code, format string, args ...any) *refusal {
	return &refusal{Status: statusOf(code), Code: code, Message: fmt.Sprintf(format, args...)}
}

// withDetails attaches details to a refusal.
func withDetails(e *refusal, details any) *refusal {
	e.Details = mustJSON(details)
	return e
}

func notFound(what string) *refusal {
	return errf(client.CodeNotFound, "%s not found: check the id and the graph", what)
}

func mustJSON(v any) json.RawMessage {
	raw, err := json.Marshal(v)
	if err != nil {
		raw, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	return raw
}

// answer builds a success reply of the given type.
func (rq *request) answer(status int, typ string, value any) *reply {
	return &reply{status: status, frame: wireFrame{
		Protocol: client.Protocol, Type: typ, RequestID: rq.requestID, Value: mustJSON(value),
	}}
}

// writeReply writes a frame with its status.
func writeReply(w http.ResponseWriter, rep *reply) {
	raw := rep.raw
	if raw == nil {
		raw = mustJSON(rep.frame)
	}
	w.Header().Set("Content-Type", "application/json")
	if rep.status != http.StatusNoContent && rep.status != http.StatusNotModified {
		w.Header().Set("Content-Length", strconv.Itoa(len(raw)+1)) // as a host that ends the answer in one write does
	}
	w.WriteHeader(rep.status)
	_, _ = w.Write(append(raw, '\n'))
}

// writeError writes a refusal as an error frame.
func writeError(w http.ResponseWriter, rq *request, e *refusal) {
	f := wireFrame{Protocol: client.Protocol, Type: client.TypeError, RequestID: rq.requestID,
		Code: e.Code, Message: e.Message, Details: e.Details}
	writeReply(w, &reply{status: e.Status, frame: f})
}

// stored is a remembered answer for idempotency.
type stored struct {
	canonical string
	status    int
	frame     wireFrame
}

// recall finds an earlier answer to the same requestId: the same body gets
// it back marked replayed; another body is a conflict.
func recall(m map[string]stored, key string, rq *request) (*reply, *refusal) {
	old, ok := m[key]
	if !ok {
		return nil, nil
	}
	if old.canonical != rq.canonical {
		return nil, errf(client.CodeRequestIDConflict,
			"requestId %q was used before with another body: use a new requestId for a new request", rq.requestID)
	}
	f := old.frame
	f.Replayed = true
	return &reply{status: old.status, frame: f}, nil
}

// remember keeps an answer for its requestId.
func remember(m map[string]stored, key string, rq *request, rep *reply) {
	m[key] = stored{canonical: rq.canonical, status: rep.status, frame: rep.frame}
}
