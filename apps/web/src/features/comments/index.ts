/** Conversations: the website modal's Messages tab and its unread count. */
export { MessagesTab, MessagesTabLabel } from './components/messages-tab.tsx';
