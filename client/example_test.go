package client_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// Open a session and stream its events: create it (this client holds the
// lease), stream from the cursor the create answered, send a prompt, and
// read until its run settles. The reference host stands in for gardend.
func Example() {
	host, err := vehicletest.Listen("127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	defer host.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	c, err := client.New(host.URL, client.WithGraph("demo"), client.WithToken("ada-token"))
	if err != nil {
		log.Fatal(err)
	}
	created, err := c.Create(ctx, client.CreateRequest{Title: "a first talk"})
	if err != nil {
		log.Fatal(err)
	}
	id := created.Session.SessionID
	stream, err := c.Stream(ctx, id, client.StreamOptions{Since: created.Cursor})
	if err != nil {
		log.Fatal(err)
	}
	defer stream.Close()
	if _, err := c.Prompt(ctx, id, "hello"); err != nil {
		log.Fatal(err)
	}
	for stream.Next() {
		ev := stream.Current()
		switch ev.Type {
		case client.EvMessageCompleted:
			var m client.MessageValue
			if err := ev.Decode(&m); err == nil && m.Role == "assistant" {
				fmt.Println("reply:", strings.Split(m.Text, "\n")[2])
			}
		case client.EvRunSettled:
			fmt.Println("settled")
			return
		}
	}
	log.Fatal(stream.Err())
	// Output:
	// reply: You said: *hello*
	// settled
}

// Send a prompt and wait for its run to settle by long-polling, then read
// the transcript from a snapshot.
func ExampleClient_Send() {
	host, err := vehicletest.Listen("127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	defer host.Close()
	ctx := context.Background()
	c, err := client.New(host.URL, client.WithGraph("demo"), client.WithToken("ada-token"))
	if err != nil {
		log.Fatal(err)
	}
	created, err := c.Create(ctx, client.CreateRequest{})
	if err != nil {
		log.Fatal(err)
	}
	id := created.Session.SessionID
	acc, err := c.Send(ctx, id, client.OpPrompt, client.TextRequest{Text: "what is a lease?"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(acc.Op, acc.Status)
	for since, settled := created.Cursor, false; !settled; {
		res, err := c.Watch(ctx, id, since, 5*time.Second)
		if err != nil {
			log.Fatal(err)
		}
		for _, ev := range res.Events {
			settled = settled || ev.Type == client.EvRunSettled
		}
		since = res.Cursor
	}
	snap, err := c.Inspect(ctx, id)
	if err != nil {
		log.Fatal(err)
	}
	for _, it := range snap.Transcript {
		fmt.Printf("%s: %s\n", it.Role, strings.Split(it.Text, "\n")[0])
	}
	// Output:
	// prompt accepted
	// user: what is a lease?
	// assistant: ## Echo
}

// Take the lease over from another terminal of the same person: a plain
// claim is refused (lease_held, and the details say a takeover would
// succeed); a claim with Takeover revokes the other client's lease.
func ExampleClient_Claim() {
	host, err := vehicletest.Listen("127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	defer host.Close()
	ctx := context.Background()
	laptop, _ := client.New(host.URL, client.WithGraph("demo"), client.WithToken("ada-token"), client.WithClientID("laptop"))
	phone, _ := client.New(host.URL, client.WithGraph("demo"), client.WithToken("ada-token"), client.WithClientID("phone"))
	created, err := laptop.Create(ctx, client.CreateRequest{})
	if err != nil {
		log.Fatal(err)
	}
	id := created.Session.SessionID

	_, err = phone.Claim(ctx, id)
	var refusal *client.Error
	if errors.As(err, &refusal) {
		d, _ := refusal.LeaseHeld()
		fmt.Println(refusal.Code, "held by", d.Holder.ClientID, "canTakeOver:", d.CanTakeOver)
	}
	claimed, err := phone.Claim(ctx, id, client.Takeover(), client.TTL(10*time.Minute))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("now held by", claimed.Lease.ClientID, "took over from", claimed.TookOverFrom.ClientID)
	_, err = laptop.Prompt(ctx, id, "still mine?")
	fmt.Println("laptop:", client.ErrorCode(err))
	// Output:
	// lease_held held by laptop canTakeOver: true
	// now held by phone took over from laptop
	// laptop: lease_held
}

// A collaborator chimes into someone else's session; the driver accepts the
// chime and it becomes a command the model sees as the collaborator's.
func ExampleClient_AcceptChime() {
	host, err := vehicletest.Listen("127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	defer host.Close()
	ctx := context.Background()
	ada, _ := client.New(host.URL, client.WithGraph("demo"), client.WithToken("ada-token"))
	bo, _ := client.New(host.URL, client.WithGraph("demo"), client.WithToken("bo-token"))
	created, err := ada.Create(ctx, client.CreateRequest{})
	if err != nil {
		log.Fatal(err)
	}
	id := created.Session.SessionID

	chime, err := bo.Chime(ctx, id, "ask about the budget")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("bo's chime:", chime.Status)
	accepted, err := ada.AcceptChime(ctx, id, chime.ChimeID)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("accepted:", accepted.Accepted, "as a command:", accepted.CommandID != "")
	// Output:
	// bo's chime: pending
	// accepted: true as a command: true
}

// Delete a session whose record was mirrored into the graph: the host moves
// the session to its trash, and the client puts the mirrored document in the
// workspace's Trash with the person's own credential.
func ExampleClient_Delete() {
	host, err := vehicletest.Listen("127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	defer host.Close()
	ctx := context.Background()
	c, _ := client.New(host.URL, client.WithGraph("demo"), client.WithToken("ada-token"))
	created, err := c.Create(ctx, client.CreateRequest{})
	if err != nil {
		log.Fatal(err)
	}
	id := created.Session.SessionID
	if _, err := c.Prompt(ctx, id, "note this down"); err != nil {
		log.Fatal(err)
	}
	for since, settled := created.Cursor, false; !settled; { // the mirror is written when the run settles
		res, err := c.Watch(ctx, id, since, 5*time.Second)
		if err != nil {
			log.Fatal(err)
		}
		for _, ev := range res.Events {
			settled = settled || ev.Type == client.EvRunSettled
		}
		since = res.Cursor
	}

	out, err := c.Delete(ctx, id)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("in the host's trash:", out.Deleted.TrashedAs == "trash/"+id)
	fmt.Println("mirror trashed:", out.MirrorTrashed, out.Deleted.Mirror.DocumentID == client.MirrorDocumentID(id))
	_, err = c.Inspect(ctx, id)
	fmt.Println("afterwards:", client.ErrorCode(err))
	// Output:
	// in the host's trash: true
	// mirror trashed: true true
	// afterwards: not_found
}
