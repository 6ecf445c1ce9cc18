import { TOAST_DURATION_MS, TOAST_OFFSET } from '@vp/contract';
import { message } from 'antd';

message.config({ duration: TOAST_DURATION_MS / 1000, top: TOAST_OFFSET, maxCount: 5 });

export { message };
