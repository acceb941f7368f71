import { apiRequest, type ApiResult } from '@/services/client/api';
import type { PaymentType } from '@/services/domain/redeem';

/** Redeem, the player's side (docs/redeem.md). */

export interface PaymentRequest {
  id: number;
  payment_type: PaymentType;
  payment_address: string;
  coins: number;
  /** The payout, e.g. "12.50". */
  amount: string;
  details: string;
  status: 'pending' | 'completed' | 'invalid' | 'deleted';
  reason: string | null;
  created_at: string;
  decided_at: string | null;
}

export const requestPayment = (input: { payment_type: PaymentType; payment_address: string; coin_used: number }): Promise<ApiResult<PaymentRequest & { balance: number }>> =>
  apiRequest('set_payment_request', input);

export const getPaymentRequests = (): Promise<ApiResult<PaymentRequest[]>> => apiRequest('get_payment_request', { limit: 50 }, { toast: false });

export const deletePaymentRequest = (paymentId: number): Promise<ApiResult<{ id: number; status: 'deleted'; coins: number }>> =>
  apiRequest('delete_pending_payment_request', { payment_id: paymentId });
