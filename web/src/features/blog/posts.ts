/** The blog's five questions and answers about React and JavaScript, told through this shop's own code. */
export interface BlogPost {
  id: string;
  question: string;
  answer: string[];
}

export const POSTS: BlogPost[] = [
  {
    id: 'props-and-state',
    question: 'What is the difference between props and state in React?',
    answer: [
      'Props are what a parent hands to a component; the component reads them and never changes them. Each product card in our catalogue gets its product as a prop: name, price, stock and picture.',
      'State is what a component owns and changes over time. On the order page, the summary that appears after you press Proceed is state: it starts empty and is set once your quantity passes its checks. When state changes, React renders the component again with the new value.',
    ],
  },
  {
    id: 'why-redux',
    question: 'Why keep the shop’s data in Redux instead of in components?',
    answer: [
      'Several parts of a page need the same facts. The navigation bar, the dashboard and the order form all need to know who is signed in, and whether they are an admin. Keeping that in one Redux store means one answer everywhere, and every change goes through a named action you can follow in the developer tools.',
      'For data from our servers we use RTK Query: it fetches the product pages, caches them and fetches them again when an order or a new product changes them, so components only say what they need.',
    ],
  },
  {
    id: 'sagas',
    question: 'What are redux-saga flows, and why does placing an order use one?',
    answer: [
      'A saga is a generator function that listens for actions and runs a process step by step: call the server, wait for the answer, then dispatch the next action or navigate. Because each step is a plain value the saga yields, the whole flow is tested without a network.',
      'Placing an order is exactly such a process: show “Your Order Is Being generated...”, send the order with a fresh idempotency key, retry with the same key if the network drops, and open your orders once the server has acknowledged it. Pressing Confirm Order twice still places one order.',
    ],
  },
  {
    id: 'async-await',
    question: 'What does async/await really do in JavaScript?',
    answer: [
      'An async function always returns a promise. Inside it, await pauses that function (and only that function) until the promise settles, while the browser keeps drawing the page and handling clicks. There are no threads: the rest of the function resumes later from the event loop.',
      'When you sign in, we await the identity provider, then await our own server’s login before we send you back to the page you asked for. If either step throws, a try/catch around the awaits turns the error into the message you see under the form.',
    ],
  },
  {
    id: 'money',
    question: 'Why does 0.1 + 0.2 not equal 0.3, and how do we price tools safely?',
    answer: [
      'JavaScript numbers are binary floating point. Most decimal fractions such as 0.1 cannot be stored exactly, so 0.1 + 0.2 gives 0.30000000000000004. Summing prices that way slowly adds up cents that nobody paid.',
      'ToolForge counts money in whole cents. A $24.50 hammer is 2450 cents; ten of them, plus 5 percent, plus the flat $50 handling fee, is an exact integer sum. We only turn cents back into dollars with two decimals when we show them.',
    ],
  },
];
